import { sql, type Kysely } from 'kysely';

/**
 * The house vendor's sessions (house-vendor module, issue 11 item 3). The house vendor is a game
 * vendor that happens to run in the gateway's process: its tables are its own, and it reaches the
 * player's money only through the vendor wallet API over HTTP, like any vendor. A house session is
 * what its game page holds (the token's SHA-256 here) and names the player session the launch-token
 * exchange gave it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('house_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    /** The gateway's player session: what every wallet call of this session names. */
    .addColumn('player_session', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('back_url', 'text')
    .addColumn('lotto', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index house_session_expiry_idx on house_session (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('house_session').execute();
}
