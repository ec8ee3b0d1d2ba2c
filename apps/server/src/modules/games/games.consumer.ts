import type { Database } from '../../database.ts';
import { defineConsumer, type Consumer } from '../../platform/events/event-catalogue.ts';
import type { LiveChannel } from '../../platform/live/live-channel.ts';
import { relayCatalogueChanges } from './catalogue/catalogue.events.ts';
import { recordWins } from './lobby/winner-board.ts';

/**
 * The games module's one event consumer: the winner board's wins and the relay of catalogue changes
 * to every node. One consumer, not two: each consumer's cursors move over every recorded event (the
 * wallet's balance events included), so a second one would add a dispatcher transaction per busy
 * partition and pass for a rare event. Its stored name is the winner board's, which it started as:
 * a new name would start it again from the oldest event.
 */
export const gamesConsumer = (live: LiveChannel): Consumer<Database> =>
  defineConsumer<Database>('games.winner-board', [recordWins, relayCatalogueChanges(live)]);
