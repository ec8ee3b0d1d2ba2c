import { sql, type Kysely } from 'kysely';

/**
 * Profit and loss (issue 11 item 5) sums one member's settled rounds by when they settled:
 * bet_record_member_idx is ordered by opened_at, so this partial index serves that range instead.
 * The betting record's keyset (member_id, opened_at, id) is served by bet_record_member_idx as is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index bet_record_member_settled_idx on bet_record (member_id, settled_at) where status = 'SETTLED'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bet_record_member_settled_idx`.execute(db);
}
