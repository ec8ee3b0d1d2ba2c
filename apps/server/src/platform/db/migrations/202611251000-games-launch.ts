import { sql, type Kysely } from 'kysely';

/**
 * Game launches (games module, issue 11 item 2; docs/vendor-api.md "Launch"):
 * - vendor_launch: where a vendor's game opens (its launch URL: a same-site path or an https URL)
 *   and how (POPUP, WINDOW, SEAMLESS). A vendor without a row cannot be launched (503
 *   game_unavailable): catalogue-only vendors stay browsable;
 * - game_launch: one row per launch: the one-time launch token's SHA-256, what was launched and by
 *   whom, valid for 60 s and exchanged at most once (used_at) by the vendor it names for a player
 *   session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendor_launch')
    .addColumn('vendor', 'text', (c) => c.primaryKey().references('game_vendor.vassalage'))
    .addColumn('launch_url', 'text', (c) => c.notNull())
    .addColumn('open_mode', 'text', (c) =>
      c.notNull().check(sql`open_mode in ('POPUP', 'WINDOW', 'SEAMLESS')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('game_launch')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('back_url', 'text')
    /** Lottery launch fields (lottoArea, launchMode, lottoPrizeMode, lottoGameCode, lottoView). */
    .addColumn('lotto', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index game_launch_expiry_idx on game_launch (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_launch').execute();
  await db.schema.dropTable('vendor_launch').execute();
}
