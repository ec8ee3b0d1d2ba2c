import { sql, type Kysely } from 'kysely';

/**
 * The games catalogue: vendors, games (names per language, with a normalised search column per
 * language), favourites, recent games, the winner board and the catalogue version the gateways'
 * caches watch.
 *
 * Name search is a `contains` over the normalised column (lower case, accents removed): a trigram GIN
 * index (pg_trgm) serves LIKE '%...%'. The extension goes to the public schema whatever search_path
 * is (test files migrate isolated schemas of one database: an extension installed in one of them would
 * be dropped with it), and the operator class is named with its schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two migrations at once (parallel test files) may both try to create it: the loser carries on.
  await sql`do $$ begin
      create extension if not exists pg_trgm with schema public;
    exception when unique_violation or duplicate_object then null;
    end $$`.execute(db);

  await db.schema
    .createTable('game_vendor')
    .addColumn('vassalage', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`provider in ('HOUSE', 'SANDBOX', 'EXTERNAL')`),
    )
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('lager_icon', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('game')
    .addColumn('node_id', 'text', (c) => c.primaryKey())
    .addColumn('vassalage', 'text', (c) => c.notNull().references('game_vendor.vassalage'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('game_classify', 'text')
    .addColumn('name_pt', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('search_pt', 'text', (c) => c.notNull())
    .addColumn('search_en', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    /** Popularity among hot games: higher first. */
    .addColumn('hot_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('support_play', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_game', 'text', (c) =>
      c
        .notNull()
        .defaultTo('GAME')
        .check(sql`is_game in ('GAME', 'VASSALAGE')`),
    )
    .addColumn('prize_modes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendor_code_key', ['vassalage', 'game_code'])
    .execute();
  // The trigram indexes are not partial: PostgreSQL 15 would not pick a partial GIN index for LIKE
  // (checked with EXPLAIN); the few disabled games are dropped by the heap recheck. fastupdate off: an
  // import writes its rows into the index at once instead of a pending list that the planner prices
  // as a scan until the next vacuum (imports are rare, searches constant).
  // The lobby's orders: by type, by vendor, hot; each leads with the filter, ends with the list's order
  // (so a page is read in order and stops at the limit), and skips disabled games.
  await sql`create index game_type_order_idx on game (game_type, sort, node_id) where enabled`.execute(db);
  await sql`create index game_vendor_order_idx on game (vassalage, sort, node_id) where enabled`.execute(db);
  await sql`create index game_order_idx on game (sort, node_id) where enabled`.execute(db);
  await sql`create index game_hot_idx on game (hot_rank desc, node_id) where enabled and is_hot`.execute(db);
  await sql`create index game_search_pt_trgm_idx on game using gin (search_pt public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index game_search_en_trgm_idx on game using gin (search_en public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );

  await db.schema
    .createTable('game_favorite')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull().references('game.node_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_favorite_pkey', ['member_id', 'node_id'])
    .execute();
  await sql`create index game_favorite_member_idx on game_favorite (member_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('game_recent')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull().references('game.node_id').onDelete('cascade'))
    .addColumn('played_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_recent_pkey', ['member_id', 'node_id'])
    .execute();
  await sql`create index game_recent_member_idx on game_recent (member_id, played_at desc)`.execute(db);

  // One row per settled winning round, written by the winner-board consumer of games.round_settled.
  await db.schema
    .createTable('game_win')
    .addColumn('round_id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('win_amount', 'bigint', (c) => c.notNull().check(sql`win_amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index game_win_amount_idx on game_win (win_amount desc, settled_at desc)`.execute(db);
  await sql`create index game_win_type_amount_idx on game_win (game_type, win_amount desc)`.execute(db);

  // Bumped by every catalogue change (seed, import): gateways drop their cached lists when it moves.
  await db.schema
    .createTable('game_catalogue_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into game_catalogue_state (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'game_catalogue_state',
    'game_win',
    'game_recent',
    'game_favorite',
    'game',
    'game_vendor',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
