import { sql, type Kysely } from 'kysely';

/**
 * Two back-office gaps of issue 23:
 * - customer-service entries an operator can switch off without deleting them (`enabled`; the member
 *   site lists only enabled ones). Existing entries stay enabled.
 * - a game's return to player as its catalogue states it, in basis points (9650 = 96.50%), or null
 *   when the catalogue gives none. Shown in the back office; the member site does not read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_service add column enabled boolean not null default true`.execute(db);
  await sql`alter table game add column rtp_bp integer
    constraint game_rtp_bp_range check (rtp_bp is null or (rtp_bp > 0 and rtp_bp <= 10000))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game drop column rtp_bp`.execute(db);
  await sql`alter table customer_service drop column enabled`.execute(db);
}
