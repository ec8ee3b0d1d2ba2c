import { sql, type Selectable, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { GameTable, GameVendorTable } from '../games.table.ts';
import { escapeLike } from './search-text.ts';

/* The back office's reads and edits of the catalogue (catalogue-ops.service.ts decides). */

export type OpsGameRow = Selectable<GameTable>;
export type OpsVendorRow = Selectable<GameVendorTable> & { games: number; enabled_games: number };

export interface OpsGameFilter {
  vendor?: string;
  type?: string;
  enabled?: boolean;
  hot?: boolean;
  /** Normalised search text (search-text.ts) and the raw text for the nodeId. */
  search?: { normalised: string; raw: string };
  after?: string;
  limit: number;
}

/** One page of games by nodeId, every game enabled or not (`limit + 1` rows: the extra says "more"). */
export function listOpsGames(db: DbOrTrx, f: OpsGameFilter): Promise<OpsGameRow[]> {
  let q = db.selectFrom('game').selectAll();
  if (f.vendor) q = q.where('vassalage', '=', f.vendor);
  if (f.type) q = q.where('game_type', '=', f.type);
  if (f.enabled !== undefined) q = q.where('enabled', '=', f.enabled);
  if (f.hot !== undefined) q = q.where('is_hot', '=', f.hot);
  if (f.search) {
    const like = `%${escapeLike(f.search.normalised)}%`;
    const raw = `%${escapeLike(f.search.raw)}%`;
    q = q.where((eb) =>
      eb.or([eb('search_pt', 'like', like), eb('search_en', 'like', like), eb('node_id', 'ilike', raw)]),
    );
  }
  if (f.after) q = q.where('node_id', '>', f.after);
  return q
    .orderBy('node_id')
    .limit(f.limit + 1)
    .execute();
}

export function listOpsVendors(db: DbOrTrx): Promise<OpsVendorRow[]> {
  return db
    .selectFrom('game_vendor as v')
    .selectAll('v')
    .select([
      sql<number>`(select count(*)::int from game g where g.vassalage = v.vassalage)`.as('games'),
      sql<number>`(select count(*)::int from game g where g.vassalage = v.vassalage and g.enabled)`.as(
        'enabled_games',
      ),
    ])
    .orderBy('v.sort')
    .orderBy('v.vassalage')
    .execute();
}

export const findGameForUpdate = (db: DbOrTrx, nodeId: string) =>
  db.selectFrom('game').selectAll().where('node_id', '=', nodeId).forUpdate().executeTakeFirst();

export const findVendorForUpdate = (db: DbOrTrx, vendor: string) =>
  db.selectFrom('game_vendor').selectAll().where('vassalage', '=', vendor).forUpdate().executeTakeFirst();

export const setGame = (db: DbOrTrx, nodeId: string, row: Updateable<GameTable>) =>
  db.updateTable('game').set(row).where('node_id', '=', nodeId).returningAll().executeTakeFirstOrThrow();

export const setVendor = (db: DbOrTrx, vendor: string, row: Updateable<GameVendorTable>) =>
  db
    .updateTable('game_vendor')
    .set(row)
    .where('vassalage', '=', vendor)
    .returningAll()
    .executeTakeFirstOrThrow();

export async function vendorGameCounts(
  db: DbOrTrx,
  vendor: string,
): Promise<{ games: number; enabled: number }> {
  const row = await db
    .selectFrom('game')
    .select([
      sql<number>`count(*)::int`.as('games'),
      sql<number>`count(*) filter (where enabled)::int`.as('enabled'),
    ])
    .where('vassalage', '=', vendor)
    .executeTakeFirstOrThrow();
  return row;
}
