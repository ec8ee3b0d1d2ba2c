import type { Database } from './database.ts';
import type { Consumer } from './platform/events/event-catalogue.ts';

/**
 * Every domain-event consumer of the gateway (platform/events): a module that reacts to another's
 * committed change exports a consumer from its index.ts, and it is listed here. None yet: the first
 * ones (agent rollups, missions, VIP, winner board on `bet.settled`) come with the play issue.
 */
export const eventConsumers: readonly Consumer<Database>[] = [];
