import {
  isCalendarDay,
  LIST_GAME_TYPES,
  type BetRecordEntry,
  type BetRecordPage,
  type BetRecordQuery,
  type Language,
  type ProfitQuery,
  type ProfitValue,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import { calendarPeriods, dayStartIn, type WalletSettingsService } from '../../wallet/index.ts';
import { CatalogueService } from '../catalogue/catalogue.service.ts';
import {
  betPage,
  betTotals,
  categoryOf,
  profitFigures,
  type BetFilter,
  type Figures,
} from './bet-record-reads.repository.ts';

/*
 * The member's records (member centre personalHistoryCopy and personalProfit), read from the bet
 * record the vendor wallet API keeps in step with the ledger. Names come from the catalogue service.
 */

export interface RecordsDeps {
  db: DbOrTrx;
  catalogue: CatalogueService;
  /** The wallet's settings: the merchant's time zone, whose calendar the profit periods follow. */
  settings: Pick<WalletSettingsService, 'get'>;
  merchantCode: string;
  merchantCurrency: (merchantCode: string) => Promise<{ currency: string }>;
}

const filterOf = (memberId: BetFilter['memberId'], q: BetRecordQuery): BetFilter => ({
  memberId,
  category: q.category,
  vendor: q.vendor,
  status: q.status,
  from: q.from === undefined ? undefined : new Date(q.from),
  to: q.to === undefined ? undefined : new Date(q.to),
});

/** One page of rounds of one member or of a set of members, with totals over the whole filter. */
async function betsOf(
  deps: Pick<RecordsDeps, 'db' | 'catalogue'>,
  memberId: BetFilter['memberId'],
  query: BetRecordQuery,
  language: Language,
) {
  const filter = filterOf(memberId, query);
  const [rows, totals] = await Promise.all([
    // One more than asked says whether another page exists.
    betPage(deps.db, {
      ...filter,
      afterId: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: query.limit + 1,
    }),
    betTotals(deps.db, filter),
  ]);
  const page = rows.slice(0, query.limit);
  const names = await deps.catalogue.recordNames([...new Set(page.map((r) => r.node_id))], language);
  return {
    items: page.map((r) => ({
      memberId: r.member_id,
      entry: {
        id: String(r.id),
        roundId: r.round_id,
        nodeId: r.node_id,
        vendor: r.vendor,
        vendorName: names.vendors.get(r.vendor) ?? r.vendor,
        gameCode: r.game_code,
        gameName: names.games.get(r.node_id) ?? r.game_code,
        category: categoryOf(r.game_type, r.vendor),
        currency: r.currency,
        stake: Number(r.stake),
        payout: Number(r.payout),
        profit: Number(r.payout) - Number(r.stake),
        status: r.status,
        openedAt: r.opened_at.toISOString(),
        settledAt: r.settled_at?.toISOString() ?? null,
      } satisfies BetRecordEntry,
    })),
    totals: {
      count: totals.rounds,
      stake: totals.stake,
      payout: totals.payout,
      profit: totals.payout - totals.stake,
      validBet: totals.validBet,
    },
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}

/** GET /wps/member/records/bets */
export async function listBets(
  deps: RecordsDeps,
  memberId: number,
  query: BetRecordQuery,
  language: Language,
): Promise<BetRecordPage> {
  const { items, totals, nextCursor } = await betsOf(deps, memberId, query, language);
  const { validBet: _validBet, ...memberTotals } = totals;
  return { items: items.map((i) => i.entry), totals: memberTotals, nextCursor };
}

/**
 * The betting records of a set of members (an agent's team, or one member of it: the caller checks
 * the tree), each with its member id, and totals with the valid bet. Names from its own catalogue
 * reader (versioned cache, so it follows catalogue changes like the games module's).
 */
export function createTeamBetReader(db: Db) {
  const catalogue = new CatalogueService(db);
  return (memberIds: readonly number[], query: BetRecordQuery, language: Language) =>
    betsOf({ db, catalogue }, memberIds, query, language);
}

const withProfit = (f: Figures | undefined) => {
  const { rounds, stake, payout } = f ?? { rounds: 0, stake: 0, payout: 0 };
  return { rounds, stake, payout, profit: payout - stake };
};

/** GET /wps/member/records/profit */
export async function profitAndLoss(
  deps: RecordsDeps,
  memberId: number,
  query: ProfitQuery,
): Promise<ProfitValue> {
  const [{ timeZone }, { currency }] = await Promise.all([
    deps.settings.get(deps.merchantCode),
    deps.merchantCurrency(deps.merchantCode),
  ]);
  // A calendar day is the merchant's: its local midnight, not the UTC one (a Sao Paulo day is
  // 03:00 to 03:00 UTC, so a round at 21:30 local stays on its own day).
  const at = (bound: string) => (isCalendarDay(bound) ? dayStartIn(bound, timeZone) : new Date(bound));
  const from = at(query.from);
  const to = at(query.to);
  const periods = calendarPeriods(from, to, query.period, timeZone);
  const bounds = [...periods.map((p) => p.start), periods[periods.length - 1]!.end];
  const { byPeriod, byCategory } = await profitFigures(deps.db, { memberId, from, to, bounds });
  const categories = LIST_GAME_TYPES.filter((c) => byCategory.has(c)).map((category) => ({
    category,
    ...withProfit(byCategory.get(category)),
  }));
  const all = [...byCategory.values()].reduce(
    (a, f) => ({ rounds: a.rounds + f.rounds, stake: a.stake + f.stake, payout: a.payout + f.payout }),
    { rounds: 0, stake: 0, payout: 0 },
  );
  return {
    period: query.period,
    timeZone,
    currency,
    periods: periods.map((p, i) => ({
      label: p.label,
      start: p.start.toISOString(),
      end: p.end.toISOString(),
      ...withProfit(byPeriod.get(i)),
    })),
    categories,
    totals: withProfit(all),
  };
}

/** A member's newest rounds, as the back office's member profile lists them (no catalogue names). */
export async function recentMemberBets(
  db: DbOrTrx,
  memberId: number,
  limit = 20,
): Promise<
  {
    id: string;
    vendor: string;
    roundId: string;
    gameCode: string;
    gameType: string;
    currency: string;
    stake: number;
    payout: number;
    status: string;
    openedAt: string;
    settledAt: string | null;
  }[]
> {
  const rows = await betPage(db, { memberId, limit });
  return rows.map((r) => ({
    id: String(r.id),
    vendor: r.vendor,
    roundId: r.round_id,
    gameCode: r.game_code,
    gameType: r.game_type,
    currency: r.currency,
    stake: Number(r.stake),
    payout: Number(r.payout),
    status: r.status,
    openedAt: r.opened_at.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
  }));
}
