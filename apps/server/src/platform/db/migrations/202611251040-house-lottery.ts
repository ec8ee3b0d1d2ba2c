import { sql, type Kysely } from 'kysely';

/**
 * The house lottery's periods and tickets (house-vendor module, issue 11 item 3).
 *
 * A period row is written (seed and its hash) before the period opens, so the hash can be published;
 * `digits` is set once by the draw (a guarded update: `where digits is null`). A ticket names its
 * buyer's gateway player session (credits stay accepted after it expires); `(vendor, account,
 * request_id)` is the purchase's idempotency key; `lease_until` lets one node at a time settle a
 * ticket (a crashed node's lease runs out and another re-sends the same, idempotent, wallet calls).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('house_lottery_period')
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    /** Secret until the draw; answered only for drawn periods. */
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('digits', 'jsonb')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('house_lottery_period_pk', ['game_code', 'period_id'])
    .execute();
  await sql`create index house_lottery_period_due_idx on house_lottery_period (draw_at) where digits is null`.execute(
    db,
  );
  await sql`create index house_lottery_period_drawn_idx on house_lottery_period (game_code, draw_at desc) where digits is not null`.execute(
    db,
  );

  await db.schema
    .createTable('house_lottery_ticket')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    /** The bet table's code (HOUSE_5D, VN_5D, SEA_5D). */
    .addColumn('game_code', 'text', (c) => c.notNull())
    /** The catalogue game the debit names (QUICK5D, ...). */
    .addColumn('catalogue_game', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('player_session', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('bets', 'jsonb', (c) => c.notNull())
    .addColumn('total_stake', 'int8', (c) => c.notNull().check(sql`total_stake > 0`))
    /** buying (debit not confirmed), open, won, lost, void (refunded). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_payout', 'int8')
    .addColumn('result', 'jsonb')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('house_lottery_ticket_request_uq', ['vendor', 'account', 'request_id'])
    .execute();
  await sql`create index house_lottery_ticket_period_idx on house_lottery_ticket (game_code, period_id) where status in ('buying', 'open')`.execute(
    db,
  );
  await sql`create index house_lottery_ticket_account_idx on house_lottery_ticket (vendor, account, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('house_lottery_ticket').execute();
  await db.schema.dropTable('house_lottery_period').execute();
}
