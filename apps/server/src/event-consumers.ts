import type { Database } from './database.ts';
import type { Consumer } from './platform/events/event-catalogue.ts';
import { winnerBoardConsumer } from './modules/games/index.ts';

/**
 * Every domain-event consumer of the gateway (platform/events): a module that reacts to another's
 * committed change exports a consumer from its index.ts, and it is listed here. The winner board
 * reads `games.round_settled` (recorded by the play issue's settlement).
 */
export const eventConsumers: readonly Consumer<Database>[] = [winnerBoardConsumer];
