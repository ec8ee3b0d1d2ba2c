import {
  LOTTERY_PRODUCTS,
  productsCovered,
  type ContractKind,
  type ContractOfferBody,
  type ContractPreviewValue,
  type ContractProduct,
  type RoundProduct,
  type RealtimeTier,
  type SettlementList,
  type SettlementListQuery,
  type SettlementView,
} from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { findMemberById, membersByIds } from '../member/index.ts';
import { merchantHour, teamHourMembers, teamsHourMembers, type TeamHourMember } from '../reports/index.ts';
import {
  dayStartIn,
  houseAccount,
  localDate,
  lockWalletsForBatch,
  transferMany,
  type WalletDeps,
} from '../wallet/index.ts';
import {
  claimSettlements,
  inForceOfKind,
  insertDebts,
  listPartySettlements,
  openDebtsOf,
  reduceDebts,
  setSettlementsPaid,
  settledKeysSince,
  teamsRounds,
  type SettlementWithContract,
} from './agent-contracts.repository.ts';
import {
  debtRepaymentReference,
  figuresOfMembers,
  previousPeriod,
  realtimeOutcome,
  tierOutcome,
  type PeriodFigures,
  type RealtimeRound,
} from './agent-contracts.rules.ts';
import { AgentContractError } from './agent-contracts.errors.ts';
import { contractSettings } from './agent-contracts.settings.ts';
import type { AgentContractRow } from './agent-contracts.table.ts';

/*
 * Settlement (docs/agent-centre.md "Contracts and settlement"). For each contract in force of a kind,
 * the last whole period before the merchant's `today` is settled once:
 *  1. figures: the downline's whole team including itself, summed by the reports' member rollups over
 *     the period's merchant days (valid bet = stakes, P&L = payout - stake; active = members whose
 *     stake reached the operator's threshold);
 *  2. a PAGE of contracts (PAGE, in id order) at a time, in ONE transaction (settlePage): claim every
 *     (contract, period) of the page by inserting its settlement row (ON CONFLICT DO NOTHING: a twin
 *     run on another node waits on the unique keys and then finds them taken, so it moves nothing for
 *     them), move the money with ledger keys derived from (contract, period) (a second guard), and
 *     record what could not be paid as the upline's debt. A node killed mid-run rolls the page's
 *     transaction back: no claim of it is left, and the next run settles those contracts. The page's
 *     payments are computed in memory in contract-id order exactly as settling one contract after the
 *     other would (a payer's balance falls as it pays, a debt left earlier in the page is paid from a
 *     later credit), over wallets locked in id order (two nodes' pages never deadlock), then written
 *     in a few statements: one batch of ledger transfers, the debts, the paid amounts.
 *  3. payer: the house (AGENT_PAYOUTS) for a top-level agent's contracts (the upline has no upline
 *     itself); any other upline pays from its own wallet, and what it lacks is recorded as its debt.
 *  4. the payee's own open debts (as an upline short of funds earlier) are paid first from what it
 *     just received, oldest first.
 * Hourly salaries settle each closed merchant hour (the reports' hour rollups, per hour) and real-time
 * salaries each closed 5-minute period (this module's own table of the team's lottery rounds), every
 * closed period of the last LOOKBACK that has rounds and no settlement yet, so a missed run catches up.
 * Every kind's figures are filtered by the contract's product (productsCovered: CONS is every product).
 */

export interface SettlementDeps {
  db: DbOrTrx;
  clock: () => Date;
  merchantCode: string;
  merchantCurrency: WalletDeps['merchantCurrency'];
  timeZone: (merchantCode: string) => Promise<string>;
  /** Contracts per page (default PAGE); tests settle pages of one to compare with one by one. */
  pageSize?: number;
}

/** Contracts settled per page: one transaction, a few statements (settlePage). */
const PAGE = 500;

/** A settlement window: the period's key (unique per contract) and the instants it began and ended. */
export interface SettlementWindow {
  key: string;
  from: Date;
  to: Date;
}

/**
 * The team figures of `downlineId` (itself included) over the merchant hours in [from, to), of the
 * contract's product, from the reports' team hour rollups.
 */
export async function teamFigures(
  db: DbOrTrx,
  downlineId: number,
  range: { from: Date; to: Date },
  currency: string,
  activeMin: number,
  product: ContractProduct,
): Promise<PeriodFigures> {
  return figuresOfMembers(
    await teamHourMembers(db, downlineId, range, currency, productsCovered(product)),
    activeMin,
  );
}

/** How far back hourly and real-time settlement look for closed periods without a settlement. */
export const HOURLY_LOOKBACK_HOURS = 24;
export const REALTIME_PERIOD_MS = 5 * 60_000;
export const REALTIME_LOOKBACK_PERIODS = 24;
/** A period is settled once it ended this long ago: the rollups' consumers have caught up by then. */
export const SETTLE_GRACE_MS = 30_000;

/** The last `n` closed merchant hours before `at` (minus the grace), oldest first. */
export function closedHours(at: Date, timeZone: string, n: number): SettlementWindow[] {
  const out: SettlementWindow[] = [];
  let end = new Date(merchantHour(new Date(at.getTime() - SETTLE_GRACE_MS), timeZone));
  for (let i = 0; i < n; i++) {
    const from = new Date(merchantHour(new Date(end.getTime() - 1), timeZone));
    out.push({ key: `HOUR:${from.toISOString()}`, from, to: end });
    end = from;
  }
  return out.reverse();
}

/** The last `n` closed 5-minute periods before `at` (minus the grace), oldest first. Every zone's
 *  offset is a whole quarter hour, so UTC 5-minute periods are the merchant's too. */
export function closedRealtimePeriods(at: Date, n: number): SettlementWindow[] {
  const end = Math.floor((at.getTime() - SETTLE_GRACE_MS) / REALTIME_PERIOD_MS) * REALTIME_PERIOD_MS;
  const out: SettlementWindow[] = [];
  for (let i = n; i >= 1; i--) {
    const from = new Date(end - i * REALTIME_PERIOD_MS);
    out.push({ key: `RT:${from.toISOString()}`, from, to: new Date(from.getTime() + REALTIME_PERIOD_MS) });
  }
  return out;
}

/** The real-time products a contract's product covers: lottery rounds only. */
export const realtimeProducts = (product: ContractProduct): string[] => {
  const covered = productsCovered(product);
  return LOTTERY_PRODUCTS.filter((p) => covered === null || covered.includes(p));
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const settlementKey = (contractId: number, periodKey: string) =>
  `agent-contract:${contractId}:${periodKey}`;

/** Adds `value` to the list under `key`. */
const addTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export interface SettleOutcome {
  contracts: number;
  settled: number;
  /** Already settled by an earlier or concurrent run: nothing moved. */
  skipped: number;
  paid: number;
  debt: number;
}

/**
 * Settles every contract in force of `kind` (only those of `only` when given) for the last whole
 * period before the merchant day of `at` (the clock when not given). Safe to run any number of times,
 * on any number of nodes at once.
 */
export async function settleKind(
  deps: SettlementDeps,
  kind: ContractKind,
  at?: Date,
  only?: readonly number[],
): Promise<SettleOutcome> {
  const out: SettleOutcome = { contracts: 0, settled: 0, skipped: 0, paid: 0, debt: 0 };
  const [timeZone, { currency }, settings] = await Promise.all([
    deps.timeZone(deps.merchantCode),
    deps.merchantCurrency(deps.merchantCode),
    contractSettings(deps.db, deps.merchantCode),
  ]);
  if (!settings.enabled[kind]) return out;
  const ctx = { currency, timeZone, activeMin: settings.activeMemberMinBet };
  if (kind === 'HOURLY' || kind === 'REALTIME') {
    const now = at ?? deps.clock();
    const windows =
      kind === 'HOURLY'
        ? closedHours(now, timeZone, HOURLY_LOOKBACK_HOURS)
        : closedRealtimePeriods(now, REALTIME_LOOKBACK_PERIODS);
    let after = 0;
    for (;;) {
      const page = await inForceOfKind(deps.db, deps.merchantCode, kind, after, deps.pageSize ?? PAGE, only);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      out.contracts += page.length;
      // What each contract of the page has settled in the look-back, then the team figures of what
      // is due: one read each a page (per product filter).
      const settled = await settledKeysSince(
        deps.db,
        page.map((c) => c.id),
        windows[0]!.from,
      );
      const items = await shortPeriodsDue(deps, page, windows, settled, ctx);
      await settlePage(deps, items, ctx, out);
    }
    return out;
  }
  const today = localDate(at ?? deps.clock(), timeZone);
  let after = 0;
  for (;;) {
    const page = await inForceOfKind(deps.db, deps.merchantCode, kind, after, deps.pageSize ?? PAGE, only);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    out.contracts += page.length;
    // Each contract's last whole period; contracts accepted after it ended have nothing to settle.
    const due: { c: AgentContractRow; window: SettlementWindow }[] = [];
    for (const c of page) {
      const period = previousPeriod(
        c.period === 'D' || kind === 'DAILY' ? 'D' : (c.period as 'W' | 'H' | 'M'),
        today,
        kind,
      );
      const window: SettlementWindow = {
        key: period.key,
        from: dayStartIn(period.fromDay, timeZone),
        to: dayStartIn(nextDay(period.toDay), timeZone),
      };
      if (c.accepted_at && new Date(c.accepted_at) >= window.to) continue;
      due.push({ c, window });
    }
    // The team figures: one read per (period, product) of the page (usually one).
    const groups = new Map<string, typeof due>();
    for (const d of due) addTo(groups, `${d.window.key}|${d.c.product}`, d);
    const inputs = new Map<number, SettlementInputs>();
    for (const g of groups.values()) {
      const { window, c } = g[0]!;
      const teams = await teamsHourMembers(
        deps.db,
        g.map((d) => d.c.downline_id),
        window,
        currency,
        productsCovered(c.product),
      );
      for (const d of g) {
        const figures = figuresOfMembers(teams.get(d.c.downline_id) ?? [], ctx.activeMin);
        inputs.set(d.c.id, salaryInputs(d.c, figures));
      }
    }
    await settlePage(
      deps,
      due.map((d) => ({ c: d.c, window: d.window, inputs: inputs.get(d.c.id)! })),
      ctx,
      out,
    );
  }
  return out;
}

type SettleCtx = { currency: string; timeZone: string; activeMin: number };

/**
 * A page of hourly or real-time contracts: each one's closed periods (`windows`, oldest first) that
 * ended after it was accepted, had rounds, and have no settlement yet, with their inputs, in contract-id
 * order then period order: each settled once by settlePage. Periods without rounds leave no row (a
 * late round would still be settled by a later run). The figures are read a page at a time: one read
 * per product filter of the page (usually one) over the due periods' span, for all its contracts'
 * teams (`teamsHourMembers` per hour; `teamsRounds`), then split by team and period in memory.
 */
async function shortPeriodsDue(
  deps: SettlementDeps,
  page: readonly AgentContractRow[],
  windows: readonly SettlementWindow[],
  settled: ReadonlyMap<number, ReadonlySet<string>>,
  ctx: SettleCtx,
): Promise<PageItem[]> {
  const due = new Map<number, SettlementWindow[]>();
  for (const c of page) {
    const done = settled.get(c.id);
    const list = windows.filter(
      (w) => (!c.accepted_at || new Date(c.accepted_at) < w.to) && !done?.has(w.key),
    );
    if (list.length > 0) due.set(c.id, list);
  }
  // The page's contracts by the products their figures cover (real-time: lottery products only; a
  // contract that covers none has nothing to settle).
  const groups = new Map<string, AgentContractRow[]>();
  const productsOf = (c: AgentContractRow) =>
    (c.kind === 'HOURLY' ? productsCovered(c.product) : realtimeProducts(c.product)) as RoundProduct[] | null;
  for (const c of page) {
    const products = productsOf(c);
    if (!due.has(c.id) || (products !== null && products.length === 0)) continue;
    addTo(groups, products === null ? '*' : [...products].sort().join(','), c);
  }
  const inputs = new Map<string, SettlementInputs>();
  const inputKey = (contractId: number, periodKey: string) => `${contractId}|${periodKey}`;
  for (const contracts of groups.values()) {
    const products = productsOf(contracts[0]!);
    // The span of every due period of the group (windows are in order: each list's first and last).
    let from = Infinity;
    let to = -Infinity;
    for (const c of contracts) {
      const list = due.get(c.id)!;
      from = Math.min(from, list[0]!.from.getTime());
      to = Math.max(to, list[list.length - 1]!.to.getTime());
    }
    const range = { from: new Date(from), to: new Date(to) };
    const teams = [...new Set(contracts.map((c) => c.downline_id))];
    if (contracts[0]!.kind === 'HOURLY') {
      const rows = await teamsHourMembers(deps.db, teams, range, ctx.currency, products, 'hour');
      // Per team, its members' sums per hour (the hour's ISO start).
      const byHour = new Map<number, Map<string, TeamHourMember[]>>();
      for (const [team, list] of rows) {
        const hours = new Map<string, TeamHourMember[]>();
        for (const r of list) addTo(hours, r.hour!, r);
        byHour.set(team, hours);
      }
      for (const c of contracts)
        for (const w of due.get(c.id)!) {
          const figures = figuresOfMembers(
            byHour.get(c.downline_id)?.get(w.from.toISOString()) ?? [],
            ctx.activeMin,
          );
          if (figures.rounds > 0) inputs.set(inputKey(c.id, w.key), salaryInputs(c, figures));
        }
    } else {
      const rows = await teamsRounds(deps.db, teams, range, ctx.currency, products!);
      // Per team, its rounds per 5-minute period (the period's start in ms).
      const byPeriod = new Map<number, Map<number, RealtimeRound[]>>();
      for (const [team, list] of rows) {
        const periods = new Map<number, RealtimeRound[]>();
        for (const r of list)
          addTo(periods, Math.floor(r.settled_at.getTime() / REALTIME_PERIOD_MS) * REALTIME_PERIOD_MS, {
            memberId: r.member_id,
            stake: r.stake,
            payout: r.payout,
          });
        byPeriod.set(team, periods);
      }
      for (const c of contracts)
        for (const w of due.get(c.id)!) {
          const inPeriod = byPeriod.get(c.downline_id)?.get(w.from.getTime()) ?? [];
          if (inPeriod.length > 0)
            inputs.set(inputKey(c.id, w.key), realtimeInputs(c.tiers as RealtimeTier[], inPeriod));
        }
    }
  }
  return page.flatMap((c) =>
    (due.get(c.id) ?? []).flatMap((w) => {
      const i = inputs.get(inputKey(c.id, w.key));
      return i ? [{ c, window: w, inputs: i }] : [];
    }),
  );
}

/** Everything a settlement row records about how its amount came about. */
export interface SettlementInputs {
  tier: number | null;
  teamValidBet: number;
  teamPnl: number;
  activeMembers: number;
  rounds: number;
  rateType: 'PERCENT' | 'FIXED';
  rate: number;
  /** Real-time only (null otherwise). */
  wonBet: number | null;
  lossRate: number | null;
  amount: number;
}

/** Daily, hourly and dividend: the period figures and the tier they met (tierOutcome). */
export function salaryInputs(
  c: Pick<AgentContractRow, 'kind' | 'tiers'>,
  f: PeriodFigures,
): SettlementInputs {
  const o = tierOutcome(c.kind, c.tiers, f);
  return {
    tier: o.tier,
    teamValidBet: f.teamValidBet,
    teamPnl: f.teamPnl,
    activeMembers: f.activeMembers,
    rounds: f.rounds,
    rateType: o.rateType,
    rate: o.rate,
    wonBet: null,
    lossRate: null,
    amount: o.amount,
  };
}

/** Real-time: the period's rounds and the tier that pays most (realtimeOutcome). */
export function realtimeInputs(
  tiers: readonly RealtimeTier[],
  rounds: readonly RealtimeRound[],
): SettlementInputs {
  const o = realtimeOutcome(tiers, rounds);
  return {
    tier: o.tier,
    teamValidBet: o.validBet,
    teamPnl: o.pnl,
    activeMembers: o.activeMembers,
    rounds: o.rounds,
    rateType: 'PERCENT',
    rate: o.profitRateBp,
    wonBet: o.wonBet,
    lossRate: o.lossRateBp,
    amount: o.amount,
  };
}

/** One (contract, period) to settle, with the inputs behind its amount. */
interface PageItem {
  c: AgentContractRow;
  window: SettlementWindow;
  inputs: SettlementInputs;
}

/** An open debt as a page sees it while it goes (id undefined until a debt left in this page is written). */
interface DebtState {
  id: number | undefined;
  settlementId: number;
  debtorId: number;
  creditorId: number;
  amount: number;
  remaining: number;
  /** Reduced in this page (an older debt is then updated; a new one is inserted as it ends). */
  changed: boolean;
}

/** A ledger transfer of the page, keyed once its debt's id is known. */
interface PlannedTransfer {
  from: number;
  to: number;
  amount: number;
  /** A contract's payment; else a debt's, from the settlement whose credit pays it. */
  contract?: { id: number; periodKey: string };
  debt?: { state: DebtState; settlementId: number };
}

/**
 * Settles a page of (contract, period)s, in the order given (contract id, then period), in ONE
 * transaction: exactly what settling them one after the other would do, each (contract, period)
 * once. Per item: the claim (its settlement row with every input); the payer — the house
 * (AGENT_PAYOUTS) when the upline has no upline itself, else the upline's wallet, paying at most
 * its balance at that point of the page — and the upline's debt for what it lacked; then the
 * payee's own open debts, oldest first, paid from what it just received.
 * Statements: the payers (one read), then in the transaction the claims (one insert), the payees'
 * open debts (one locking read), the house bucket, the wallets (created and locked in id order,
 * balances read: two), the new debts (one insert), every transfer (one batch), the paid amounts and
 * the reduced debts (two updates).
 */
async function settlePage(
  deps: SettlementDeps,
  items: readonly PageItem[],
  ctx: SettleCtx,
  out: SettleOutcome,
): Promise<void> {
  if (items.length === 0) return;
  // The house funds what a top-level agent (no upline of its own) grants; every other upline pays
  // from its own wallet what its downline earned.
  const uplines = await membersByIds(deps.db, [...new Set(items.map((i) => i.c.upline_id))]);
  const payerOf = (i: PageItem): 'HOUSE' | 'UPLINE' =>
    (uplines.get(i.c.upline_id)?.parentId ?? null) === null ? 'HOUSE' : 'UPLINE';
  const now = deps.clock();
  const r = await inTransaction(deps.db, async (trx) => {
    const claims = await claimSettlements(
      trx,
      items.map(({ c, window, inputs }) => ({
        contract_id: c.id,
        period_key: window.key,
        period_from: window.from,
        period_to: window.to,
        tier_index: inputs.tier,
        team_valid_bet: inputs.teamValidBet,
        team_pnl: inputs.teamPnl,
        active_members: inputs.activeMembers,
        rounds: inputs.rounds,
        rate_type: inputs.rateType,
        rate: inputs.rate,
        won_bet: inputs.wonBet,
        loss_rate: inputs.lossRate,
        amount: inputs.amount,
        paid: 0,
        debt: 0,
        payer: payerOf({ c, window, inputs }),
      })),
    );
    const claimOf = new Map(claims.map((k) => [`${k.contract_id}|${k.period_key}`, k.id]));
    const claimed = items.flatMap((i) => {
      const id = claimOf.get(`${i.c.id}|${i.window.key}`);
      return id === undefined ? [] : [{ ...i, settlementId: id, payer: payerOf(i) }];
    });
    const res = { settled: claimed.length, skipped: items.length - claimed.length, paid: 0, debt: 0 };
    const paying = claimed.filter((i) => i.inputs.amount > 0);
    if (paying.length === 0) return res;

    // The payees' open debts (locked), the house bucket, then every wallet involved locked in id order.
    const debts = new Map<number, DebtState[]>();
    for (const d of await openDebtsOf(
      trx,
      paying.map((i) => i.c.downline_id),
    )) {
      const list = debts.get(d.debtor_id) ?? [];
      list.push({
        id: d.id,
        settlementId: d.settlement_id,
        debtorId: d.debtor_id,
        creditorId: d.creditor_id,
        amount: Number(d.amount),
        remaining: Number(d.remaining),
        changed: false,
      });
      debts.set(d.debtor_id, list);
    }
    const house = paying.some((i) => i.payer === 'HOUSE')
      ? (await houseAccount(trx, deps.merchantCode, 'AGENT_PAYOUTS', ctx.currency)).id
      : undefined;
    const members = new Set<number>();
    for (const i of paying) {
      members.add(i.c.downline_id);
      if (i.payer === 'UPLINE') members.add(i.c.upline_id);
    }
    for (const list of debts.values()) for (const d of list) members.add(d.creditorId);
    const wallets = await lockWalletsForBatch(trx, {
      memberIds: [...members],
      merchantCode: deps.merchantCode,
      currency: ctx.currency,
      otherAccountIds: house === undefined ? [] : [house],
    });
    const wallet = (memberId: number) => {
      const w = wallets.get(memberId);
      if (!w) throw new Error(`settlement: wallet of member ${memberId} not locked`);
      return w;
    };

    // The page, one (contract, period) after the other, in memory.
    const transfers: PlannedTransfer[] = [];
    const newDebts: DebtState[] = [];
    const settledRows: { id: number; paid: number; debt: number }[] = [];
    for (const i of paying) {
      const amount = i.inputs.amount;
      const payee = wallet(i.c.downline_id);
      let paid = amount;
      let from: number;
      if (i.payer === 'HOUSE') from = house!;
      else {
        const upline = wallet(i.c.upline_id);
        from = upline.id;
        paid = Math.min(paid, Math.max(0, upline.balance));
        upline.balance -= paid;
      }
      if (paid > 0) {
        payee.balance += paid;
        transfers.push({
          from,
          to: payee.id,
          amount: paid,
          contract: { id: i.c.id, periodKey: i.window.key },
        });
      }
      const debt = amount - paid;
      if (debt > 0) {
        const d: DebtState = {
          id: undefined,
          settlementId: i.settlementId,
          debtorId: i.c.upline_id,
          creditorId: i.c.downline_id,
          amount: debt,
          remaining: debt,
          changed: false,
        };
        newDebts.push(d);
        const list = debts.get(d.debtorId);
        if (list) list.push(d);
        else debts.set(d.debtorId, [d]);
      }
      settledRows.push({ id: i.settlementId, paid, debt });
      res.paid += paid;
      res.debt += debt;
      // The payee's own debts, oldest first, from what it has just received.
      let left = paid;
      for (const d of debts.get(i.c.downline_id) ?? []) {
        if (left <= 0) break;
        if (d.remaining <= 0) continue;
        const x = Math.min(left, d.remaining);
        const creditor = wallet(d.creditorId);
        payee.balance -= x;
        creditor.balance += x;
        transfers.push({
          from: payee.id,
          to: creditor.id,
          amount: x,
          debt: { state: d, settlementId: i.settlementId },
        });
        d.remaining -= x;
        d.changed = true;
        left -= x;
      }
    }

    // Written: the debts left (with what remains of them), every transfer in the page's order, the
    // paid amounts, the older debts reduced.
    const debtIds = await insertDebts(
      trx,
      newDebts.map((d) => ({
        settlement_id: d.settlementId,
        debtor_id: d.debtorId,
        creditor_id: d.creditorId,
        amount: d.amount,
        remaining: d.remaining,
        settled_at: d.remaining === 0 ? now : null,
      })),
    );
    for (const d of newDebts) d.id = debtIds.get(d.settlementId);
    await transferMany(
      trx,
      transfers.map((t) =>
        t.contract
          ? {
              idempotencyKey: settlementKey(t.contract.id, t.contract.periodKey),
              debitAccountId: t.from,
              creditAccountId: t.to,
              amount: t.amount,
              kind: 'AGENT_CONTRACT',
              reference: `contract:${t.contract.id}:${t.contract.periodKey}`,
            }
          : {
              idempotencyKey: `agent-contract-debt:${t.debt!.state.id!}:${t.debt!.settlementId}`,
              debitAccountId: t.from,
              creditAccountId: t.to,
              amount: t.amount,
              kind: 'AGENT_CONTRACT',
              reference: debtRepaymentReference(t.debt!.state.id!),
            },
      ),
    );
    await setSettlementsPaid(trx, settledRows);
    await reduceDebts(
      trx,
      [...debts.values()]
        .flat()
        .filter((d) => d.changed && d.id !== undefined && !debtIds.has(d.settlementId))
        .map((d) => ({ id: d.id!, remaining: d.remaining })),
      now,
    );
    return res;
  });
  out.settled += r.settled;
  out.skipped += r.skipped;
  out.paid += r.paid;
  out.debt += r.debt;
}

const settlementView = (s: SettlementWithContract, memberId: number): SettlementView => ({
  id: s.id,
  contractId: s.contract_id,
  kind: s.kind,
  product: s.product,
  role: s.upline_id === memberId ? 'upline' : 'downline',
  upline: { id: s.upline_id, account: s.upline_account },
  downline: { id: s.downline_id, account: s.downline_account },
  period: s.period_key,
  from: new Date(s.period_from).toISOString(),
  to: new Date(s.period_to).toISOString(),
  tier: s.tier_index,
  teamValidBet: Number(s.team_valid_bet),
  teamPnl: Number(s.team_pnl),
  activeMembers: s.active_members,
  rounds: s.rounds,
  rateType: s.rate_type,
  rate: Number(s.rate),
  wonBet: s.won_bet === null ? null : Number(s.won_bet),
  lossRate: s.loss_rate === null ? null : Number(s.loss_rate),
  amount: Number(s.amount),
  paid: Number(s.paid),
  debt: Number(s.debt),
  payer: s.payer,
  createdAt: new Date(s.created_at).toISOString(),
});

/** GET /wps/agent/contracts/settlements */
export async function listSettlements(
  deps: { db: DbOrTrx },
  auth: RouteAuth,
  q: SettlementListQuery,
): Promise<SettlementList> {
  const rows = await listPartySettlements(deps.db, auth.memberId, { ...q, limit: q.limit + 1 });
  const list = rows.slice(0, q.limit).map((r) => settlementView(r, auth.memberId));
  return { list, nextCursor: rows.length > q.limit ? list[list.length - 1]!.id : null };
}

/**
 * POST /wps/agent/contracts/preview: what the downline would have earned last period under the
 * offered tiers, computed by the settlement's own functions (salaryInputs, realtimeInputs) over the
 * same figures; reads only. Anyone but a direct downline of the caller answers downline_not_found.
 */
export async function previewContract(
  deps: SettlementDeps,
  auth: RouteAuth,
  body: ContractOfferBody,
): Promise<ContractPreviewValue> {
  const downline = await findMemberById(deps.db, body.downlineId);
  if (!downline || downline.parent_id !== auth.memberId || downline.merchant_code !== auth.merchantCode) {
    throw new AgentContractError('downline_not_found');
  }
  const [timeZone, { currency }, settings] = await Promise.all([
    deps.timeZone(deps.merchantCode),
    deps.merchantCurrency(deps.merchantCode),
    contractSettings(deps.db, deps.merchantCode),
  ]);
  const now = deps.clock();
  const c = { kind: body.kind, tiers: body.tiers, product: body.product };
  const one = (w: SettlementWindow, i: SettlementInputs): ContractPreviewValue => ({
    kind: body.kind,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    periods: 1,
    ...i,
  });
  if (body.kind === 'REALTIME') {
    const windows = closedRealtimePeriods(now, 12);
    const range = { from: windows[0]!.from, to: windows[windows.length - 1]!.to };
    const products = realtimeProducts(body.product);
    const rounds = (await teamsRounds(deps.db, [downline.id], range, currency, products)).get(downline.id)!;
    const total = one({ key: '', ...range }, realtimeInputs(body.tiers, []));
    total.periods = windows.length;
    let bestAmount = -1;
    for (const w of windows) {
      const inPeriod = rounds
        .filter((r) => {
          const t = new Date(r.settled_at).getTime();
          return t >= w.from.getTime() && t < w.to.getTime();
        })
        .map((r) => ({ memberId: r.member_id, stake: r.stake, payout: r.payout }));
      const i = realtimeInputs(body.tiers, inPeriod);
      total.teamValidBet += i.teamValidBet;
      total.teamPnl += i.teamPnl;
      total.rounds += i.rounds;
      total.wonBet = (total.wonBet ?? 0) + (i.wonBet ?? 0);
      total.amount += i.amount;
      if (i.tier !== null && i.amount > bestAmount) {
        bestAmount = i.amount;
        total.tier = i.tier;
        total.rate = i.rate;
        total.lossRate = i.lossRate;
        total.activeMembers = i.activeMembers;
      }
    }
    return total;
  }
  let window: SettlementWindow;
  if (body.kind === 'HOURLY') window = closedHours(now, timeZone, 1)[0]!;
  else {
    const today = localDate(now, timeZone);
    const p = previousPeriod(body.kind === 'DAILY' ? 'D' : body.period, today, body.kind);
    window = {
      key: p.key,
      from: dayStartIn(p.fromDay, timeZone),
      to: dayStartIn(nextDay(p.toDay), timeZone),
    };
  }
  const figures = await teamFigures(
    deps.db,
    downline.id,
    window,
    currency,
    settings.activeMemberMinBet,
    body.product,
  );
  return one(window, salaryInputs(c as Pick<AgentContractRow, 'kind' | 'tiers'>, figures));
}
