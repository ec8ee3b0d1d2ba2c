import type { Database } from './database.ts';
import type { Consumer } from './platform/events/event-catalogue.ts';
import type { LiveChannel } from './platform/live/live-channel.ts';
import { gamesConsumer } from './modules/games/index.ts';
import { liveBalanceConsumer } from './modules/wallet/index.ts';

/**
 * Every domain-event consumer of the gateway (platform/events): a module that reacts to another's
 * committed change exports a consumer from its index.ts, and it is listed here. Some need a piece of
 * the running app (the live channel), so the list is built when the app is. The games consumer keeps the
 * winner board from `games.round-settled` and relays `games.catalogue-changed` to every node.
 */
export const eventConsumers = (app: { live: LiveChannel }): readonly Consumer<Database>[] => [
  liveBalanceConsumer(app.live),
  gamesConsumer(app.live),
];
