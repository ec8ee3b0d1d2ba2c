import { sql, type Kysely } from 'kysely';

/**
 * The house vendor's provably fair seeds and its RNG rounds (house-vendor module; docs/house-games.md).
 * A player (vendor id, account) has one active server seed at a time: its hash is shown before play,
 * the seed itself only once rotated (revealed_at). Each round takes the seed's next nonce and stores
 * what decided it (seed hash, client seed, nonce, bet, outcome) and how far its money got through the
 * gateway's vendor wallet API (status), so the recovery job can finish what a failure interrupted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('house_seed')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** Null while active; set when rotated (the seed is then shown). */
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  // One active seed per player: a concurrent first round creates it once.
  await sql`create unique index house_seed_active_idx on house_seed (vendor, account) where revealed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('house_round')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    /** The round id sent to the gateway (derived from the player and the request id). */
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    /** The gateway's player session the round's wallet calls name (credits work after it expires). */
    .addColumn('player_session', 'text', (c) => c.notNull())
    .addColumn('seed_id', 'bigint', (c) => c.notNull().references('house_seed.id'))
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('bet', 'jsonb', (c) => c.notNull())
    .addColumn('outcome', 'jsonb', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'debited', 'settled', 'rolled_back', 'refused')`),
    )
    /** The gateway's balance after the round's last confirmed call. */
    .addColumn('balance', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('house_round_request_uq', ['vendor', 'account', 'request_id'])
    .addUniqueConstraint('house_round_id_uq', ['vendor', 'round_id'])
    .addUniqueConstraint('house_round_nonce_uq', ['seed_id', 'nonce'])
    .execute();
  await sql`create index house_round_player_idx on house_round (vendor, account, seq desc)`.execute(db);
  await sql`create index house_round_open_idx on house_round (created_at) where status in ('pending', 'debited')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('house_round').execute();
  await db.schema.dropTable('house_seed').execute();
}
