import type { Database } from '../../../database.ts';
import { defineEvent, on, type EventSubscription } from '../../../platform/events/event-catalogue.ts';
import { EVERY_NODE, type LiveChannel } from '../../../platform/live/live-channel.ts';

/**
 * The catalogue changed, `games.catalogue-changed`: recorded in the transaction that moves the
 * catalogue version (an import, by any process), with that version.
 */
export const catalogueChanged = defineEvent<{ version: number }>('games.catalogue-changed');

/** The live channel's message that tells every node (catalogue-cache.ts `changed`). */
const CATALOGUE_MESSAGE = 'games.catalogue-changed';

/**
 * The games consumer's handler of catalogue changes: one node handles each event (the dispatcher's
 * cursors), and it tells every node, itself included, through the live channel (Redis pub/sub across
 * nodes). It writes nothing, so a repeat after a crash only tells the nodes again.
 */
export const relayCatalogueChanges = (live: LiveChannel): EventSubscription<Database> =>
  on(catalogueChanged, async (event) => {
    await live.publish(EVERY_NODE, { event: CATALOGUE_MESSAGE, data: { version: event.payload.version } });
  });

/** This node follows the relayed changes; returns the unsubscribe function. */
export function followCatalogueChanges(live: LiveChannel, changed: (version: number) => void): () => void {
  return live.subscribe(EVERY_NODE, (message) => {
    if (message.event !== CATALOGUE_MESSAGE) return;
    const version = (message.data as { version?: unknown } | null)?.version;
    if (typeof version === 'number' && Number.isSafeInteger(version)) changed(version);
  });
}
