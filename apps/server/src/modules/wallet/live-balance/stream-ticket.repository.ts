import type { DbOrTrx } from '../../../database.ts';

/** Stores a ticket; a member's expired tickets go first, so the table stays small without a job. */
export async function insertStreamTicket(
  db: DbOrTrx,
  row: { ticket_hash: string; member_id: number; token_sealed: string; expires_at: Date },
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('wallet_stream_ticket')
    .where('member_id', '=', row.member_id)
    .where('expires_at', '<', now)
    .execute();
  await db.insertInto('wallet_stream_ticket').values(row).execute();
}

/** Deletes a ticket by its hash and answers what it held (once: a second spend finds nothing). */
export const deleteStreamTicket = (db: DbOrTrx, ticketHash: string) =>
  db
    .deleteFrom('wallet_stream_ticket')
    .where('ticket_hash', '=', ticketHash)
    .returning(['token_sealed', 'expires_at'])
    .executeTakeFirst();
