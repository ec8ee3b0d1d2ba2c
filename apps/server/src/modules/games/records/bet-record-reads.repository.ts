import { sql, type SelectQueryBuilder } from 'kysely';
import type { BetStatus, ListGameType } from '@banca/contract';
import type { Database, DbOrTrx } from '../../../database.ts';
import { COCKFIGHT_VASSALAGES, ESPORT_VASSALAGES } from '../catalogue/catalogue.service.ts';
import type { BetRecordRow } from '../vendor-wallet/vendor-wallet.table.ts';

/*
 * Reads of the bet record for the member's records (betting record, profit and loss). The writes stay
 * in bet-record.repository.ts, owned by the vendor wallet. Every read is one member's rows, served by
 * bet_record_member_idx (member_id, opened_at desc, id desc) for the record and by
 * bet_record_member_settled_idx (member_id, settled_at) where status = 'SETTLED' for profit.
 */

/** Vendors whose SPORTS rounds the lobby files under ESPORTS or COCKFIGHT (catalogue.service.ts). */
const SPECIAL_SPORTS = [...ESPORT_VASSALAGES, ...COCKFIGHT_VASSALAGES];

type BetQuery<O> = SelectQueryBuilder<Database, 'bet_record', O>;

export interface BetFilter {
  /** One member, or a set of them (an agent's team: one array parameter, whatever its size). */
  memberId: number | readonly number[];
  category?: ListGameType;
  vendor?: string;
  status?: BetStatus;
  from?: Date;
  to?: Date;
}

/** The lobby's category of a round (ESPORTS and COCKFIGHT are SPORTS of their vendors). */
export function categoryOf(gameType: string, vendor: string): ListGameType {
  if (gameType === 'SPORTS' && ESPORT_VASSALAGES.includes(vendor)) return 'ESPORTS';
  if (gameType === 'SPORTS' && COCKFIGHT_VASSALAGES.includes(vendor)) return 'COCKFIGHT';
  return gameType as ListGameType;
}

/** The same mapping in SQL, for grouping. */
const categorySql = sql<string>`case
  when game_type = 'SPORTS' and vendor in (${sql.join(ESPORT_VASSALAGES)}) then 'ESPORTS'
  when game_type = 'SPORTS' and vendor in (${sql.join(COCKFIGHT_VASSALAGES)}) then 'COCKFIGHT'
  else game_type end`;

function whereCategory<O>(q: BetQuery<O>, category: ListGameType | undefined): BetQuery<O> {
  if (category === undefined) return q;
  if (category === 'ESPORTS')
    return q.where('game_type', '=', 'SPORTS').where('vendor', 'in', ESPORT_VASSALAGES);
  if (category === 'COCKFIGHT')
    return q.where('game_type', '=', 'SPORTS').where('vendor', 'in', COCKFIGHT_VASSALAGES);
  if (category === 'SPORTS')
    return q.where('game_type', '=', 'SPORTS').where('vendor', 'not in', SPECIAL_SPORTS);
  return q.where('game_type', '=', category);
}

/** `<column> = id` or `<column> = any(ids)`, as SQL. */
const memberIs = (column: string, m: number | readonly number[]) =>
  typeof m === 'number'
    ? sql<boolean>`${sql.ref(column)} = ${m}`
    : sql<boolean>`${sql.ref(column)} = any(${sql.val([...m])}::int8[])`;

function filtered<O>(q: BetQuery<O>, f: BetFilter): BetQuery<O> {
  let out = whereCategory(q.where(memberIs('member_id', f.memberId)), f.category);
  if (f.vendor !== undefined) out = out.where('vendor', '=', f.vendor);
  if (f.status !== undefined) out = out.where('status', '=', f.status);
  if (f.from !== undefined) out = out.where('opened_at', '>=', f.from);
  if (f.to !== undefined) out = out.where('opened_at', '<', f.to);
  return out;
}

/**
 * One page of the member's rounds, newest first by (opened_at, id). The cursor is a round id; its
 * (opened_at, id) is read back in the query itself (with the member's id, so another member's id
 * finds nothing), so the key keeps the database's full timestamp precision.
 */
export function selectBetPage(db: DbOrTrx, f: BetFilter & { afterId?: number; limit: number }) {
  let q = filtered(db.selectFrom('bet_record').selectAll(), f);
  if (f.afterId !== undefined) {
    q = q.where(
      sql<boolean>`(opened_at, id) < (select c.opened_at, c.id from bet_record c where c.id = ${f.afterId} and ${memberIs('c.member_id', f.memberId)})`,
    );
  }
  return q.orderBy('opened_at', 'desc').orderBy('id', 'desc').limit(f.limit);
}

export const betPage = (
  db: DbOrTrx,
  f: BetFilter & { afterId?: number; limit: number },
): Promise<BetRecordRow[]> => selectBetPage(db, f).execute();

export interface Figures {
  rounds: number;
  stake: number;
  payout: number;
}

/** Totals of a record filter: also the valid bet (stakes of settled rounds). */
export interface RecordFigures extends Figures {
  validBet: number;
}

const figures = sql<string>`count(*)`.as('rounds');
const toFigures = (r: {
  rounds: string | number;
  stake: string | number;
  payout: string | number;
}): Figures => ({
  rounds: Number(r.rounds),
  stake: Number(r.stake),
  payout: Number(r.payout),
});

/** Count, stake, payout and valid bet over the whole filter. */
export async function betTotals(db: DbOrTrx, f: BetFilter): Promise<RecordFigures> {
  const row = await filtered(
    db
      .selectFrom('bet_record')
      .select([
        figures,
        sql<string>`coalesce(sum(stake), 0)`.as('stake'),
        sql<string>`coalesce(sum(payout), 0)`.as('payout'),
        sql<string>`coalesce(sum(stake) filter (where status = 'SETTLED'), 0)`.as('valid_bet'),
      ]),
    f,
  ).executeTakeFirstOrThrow();
  return { ...toFigures(row), validBet: Number(row.valid_bet) };
}

/**
 * Settled rounds (settled in [from, to)) summed per period and per category: `bounds` are the
 * periods' starts plus the last one's end, ascending; a round lands in period i when
 * bounds[i] <= settled_at < bounds[i+1] (width_bucket answers i + 1).
 */
export async function profitFigures(
  db: DbOrTrx,
  r: { memberId: number; from: Date; to: Date; bounds: Date[] },
): Promise<{ byPeriod: Map<number, Figures>; byCategory: Map<string, Figures> }> {
  const bounds = r.bounds.map((d) => d.toISOString());
  const base = db
    .selectFrom('bet_record')
    .where('member_id', '=', r.memberId)
    .where('status', '=', 'SETTLED')
    .where('settled_at', '>=', r.from)
    .where('settled_at', '<', r.to);
  const sums = [
    figures,
    sql<string>`coalesce(sum(stake), 0)`.as('stake'),
    sql<string>`coalesce(sum(payout), 0)`.as('payout'),
  ] as const;
  const bucket = sql<number>`width_bucket(settled_at, ${bounds}::timestamptz[])`;
  const [periods, categories] = await Promise.all([
    base
      .select([bucket.as('bucket'), ...sums])
      // By position: the bounds are a parameter, and the same parameter twice is not the same expression.
      .groupBy(sql`1`)
      .execute(),
    base
      .select([categorySql.as('category'), ...sums])
      .groupBy(sql`1`)
      .execute(),
  ]);
  return {
    byPeriod: new Map(periods.map((p) => [Number(p.bucket) - 1, toFigures(p)])),
    byCategory: new Map(categories.map((c) => [c.category, toFigures(c)])),
  };
}

/** The plan of one betting-record page (tests and the report show it is served by the index). */
export async function explainBetPage(
  db: DbOrTrx,
  f: BetFilter & { afterId?: number; limit: number },
): Promise<string> {
  const compiled = selectBetPage(db, f).compile();
  const { rows } = await db.executeQuery<Record<string, string>>({
    ...compiled,
    sql: `explain ${compiled.sql}`,
  });
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

/** One settled round as the reports' rebuild reads it (the games.round-settled facts). */
export interface SettledRound {
  id: number;
  vendor: string;
  /** The vendor's round id (games.round-settled's roundId is `<vendor>:<this>`). */
  roundId: string;
  memberId: number;
  gameType: string;
  currency: string;
  stake: number;
  payout: number;
  settledAt: Date;
}

/**
 * Settled rounds by record id after `afterId`, `limit` at most: how the reports module's rebuild
 * streams every settled round in pages. A settled round never changes again (every write to a round
 * requires it OPEN), so a page read once stays true.
 */
export async function settledRoundsPage(
  db: DbOrTrx,
  afterId: number,
  limit: number,
): Promise<SettledRound[]> {
  const rows = await db
    .selectFrom('bet_record')
    .select([
      'id',
      'vendor',
      'round_id',
      'member_id',
      'game_type',
      'currency',
      'stake',
      'payout',
      'settled_at',
    ])
    .where('status', '=', 'SETTLED')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    vendor: r.vendor,
    roundId: r.round_id,
    memberId: r.member_id,
    gameType: r.game_type,
    currency: r.currency,
    stake: r.stake,
    payout: r.payout,
    settledAt: r.settled_at!,
  }));
}
