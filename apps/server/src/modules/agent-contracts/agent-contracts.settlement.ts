import {
  LOTTERY_PRODUCTS,
  productsCovered,
  type ContractKind,
  type ContractOfferBody,
  type ContractPreviewValue,
  type ContractProduct,
  type RealtimeTier,
  type SettlementList,
  type SettlementListQuery,
  type SettlementView,
} from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { findMemberById } from '../member/index.ts';
import { merchantHour, teamHourMembers } from '../reports/index.ts';
import {
  dayStartIn,
  ensureMemberWallet,
  houseAccount,
  localDate,
  memberBalances,
  transfer,
  type WalletDeps,
} from '../wallet/index.ts';
import {
  claimSettlement,
  inForceOfKind,
  insertDebt,
  listPartySettlements,
  openDebts,
  reduceDebt,
  setSettlementPaid,
  settledKeysSince,
  teamRounds,
  type SettlementWithContract,
} from './agent-contracts.repository.ts';
import {
  figuresOfMembers,
  previousPeriod,
  realtimeOutcome,
  tierOutcome,
  type PeriodFigures,
  type RealtimeRound,
  type SettlementPeriod,
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
 *  2. in ONE transaction: claim (contract, period) by inserting its settlement row (ON CONFLICT DO
 *     NOTHING: a twin run on another node waits on the unique key and then finds it taken, so it moves
 *     nothing), move the money with a ledger key derived from (contract, period) (a second guard), and
 *     record what could not be paid as the upline's debt. A node killed mid-run rolls its transaction
 *     back: no claim is left, and the next run settles that contract.
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
}

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

export interface SettleOutcome {
  contracts: number;
  settled: number;
  /** Already settled by an earlier or concurrent run: nothing moved. */
  skipped: number;
  paid: number;
  debt: number;
}

/**
 * Settles every contract in force of `kind` for the last whole period before the merchant day of
 * `at` (the clock when not given). Safe to run any number of times, on any number of nodes at once.
 */
export async function settleKind(
  deps: SettlementDeps,
  kind: ContractKind,
  at?: Date,
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
      const page = await inForceOfKind(deps.db, deps.merchantCode, kind, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      // What each contract of the page has settled in the look-back: one read a page.
      const settled = await settledKeysSince(
        deps.db,
        page.map((c) => c.id),
        windows[0]!.from,
      );
      for (const c of page) {
        out.contracts += 1;
        await settleShortPeriods(deps, c, windows, settled.get(c.id) ?? new Set(), ctx, out);
      }
    }
    return out;
  }
  const today = localDate(at ?? deps.clock(), timeZone);
  let after = 0;
  for (;;) {
    const page = await inForceOfKind(deps.db, deps.merchantCode, kind, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const c of page) {
      out.contracts += 1;
      const period = previousPeriod(
        c.period === 'D' || kind === 'DAILY' ? 'D' : (c.period as 'W' | 'H' | 'M'),
        today,
        kind,
      );
      // A contract accepted after the period ended has nothing to settle for it.
      if (c.accepted_at && new Date(c.accepted_at) >= dayStartIn(nextDay(period.toDay), timeZone)) continue;
      const r = await settleContractPeriod(deps, c, period, ctx);
      if (!r) out.skipped += 1;
      else {
        out.settled += 1;
        out.paid += r.paid;
        out.debt += r.debt;
      }
    }
  }
  return out;
}

type SettleCtx = { currency: string; timeZone: string; activeMin: number };

/**
 * An hourly or real-time contract's closed periods (`windows`, oldest first) that ended after it was
 * accepted, had rounds, and have no settlement yet: each settled once.
 * Periods without rounds leave no row (a late round would still be settled by a later run).
 */
async function settleShortPeriods(
  deps: SettlementDeps,
  c: AgentContractRow,
  windows: readonly SettlementWindow[],
  settled: ReadonlySet<string>,
  ctx: SettleCtx,
  out: SettleOutcome,
): Promise<void> {
  const open = windows.filter((w) => !c.accepted_at || new Date(c.accepted_at) < w.to);
  const due = open.filter((w) => !settled.has(w.key));
  if (due.length === 0) return;
  const range = { from: due[0]!.from, to: due[due.length - 1]!.to };
  const inputs = new Map<string, SettlementInputs>();
  if (c.kind === 'HOURLY') {
    const rows = await teamHourMembers(
      deps.db,
      c.downline_id,
      range,
      ctx.currency,
      productsCovered(c.product),
      'hour',
    );
    for (const w of due) {
      const figures = figuresOfMembers(
        rows.filter((r) => r.hour === w.from.toISOString()),
        ctx.activeMin,
      );
      if (figures.rounds === 0) continue;
      inputs.set(w.key, salaryInputs(c, figures));
    }
  } else {
    const products = realtimeProducts(c.product);
    if (products.length === 0) return;
    const rounds = await teamRounds(deps.db, c.downline_id, range, ctx.currency, products);
    for (const w of due) {
      const inPeriod: RealtimeRound[] = rounds
        .filter((r) => {
          const t = new Date(r.settled_at).getTime();
          return t >= w.from.getTime() && t < w.to.getTime();
        })
        .map((r) => ({ memberId: r.member_id, stake: Number(r.stake), payout: Number(r.payout) }));
      if (inPeriod.length === 0) continue;
      inputs.set(w.key, realtimeInputs(c.tiers as RealtimeTier[], inPeriod));
    }
  }
  for (const w of due) {
    const i = inputs.get(w.key);
    if (!i) continue;
    const r = await payContractPeriod(deps, c, w, i, ctx);
    if (!r) out.skipped += 1;
    else {
      out.settled += 1;
      out.paid += r.paid;
      out.debt += r.debt;
    }
  }
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

/** One daily-wage or dividend (contract, period), exactly once: undefined when it was settled already. */
export async function settleContractPeriod(
  deps: SettlementDeps,
  c: AgentContractRow,
  period: SettlementPeriod,
  ctx: SettleCtx,
): Promise<{ paid: number; debt: number } | undefined> {
  const window: SettlementWindow = {
    key: period.key,
    from: dayStartIn(period.fromDay, ctx.timeZone),
    to: dayStartIn(nextDay(period.toDay), ctx.timeZone),
  };
  const figures = await teamFigures(deps.db, c.downline_id, window, ctx.currency, ctx.activeMin, c.product);
  return payContractPeriod(deps, c, window, salaryInputs(c, figures), ctx);
}

/**
 * Records and pays one (contract, period) in one transaction: the claim (its settlement row with
 * every input), the transfer from the payer, the payer's debt for what it lacked, and the payee's own
 * debts paid from what it received. Undefined when the period was settled already (nothing moves).
 */
export async function payContractPeriod(
  deps: SettlementDeps,
  c: AgentContractRow,
  window: SettlementWindow,
  inputs: SettlementInputs,
  ctx: SettleCtx,
): Promise<{ paid: number; debt: number } | undefined> {
  return inTransaction(deps.db, async (trx) => {
    // The house funds what a top-level agent (no upline of its own) grants; every other upline pays
    // from its own wallet what its downline earned.
    const payer = (await findMemberById(trx, c.upline_id))?.parent_id == null ? 'HOUSE' : 'UPLINE';
    const claim = await claimSettlement(trx, {
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
      payer,
    });
    if (!claim) return undefined;
    const amount = inputs.amount;
    if (amount === 0) return { paid: 0, debt: 0 };
    const payee = await ensureMemberWallet(trx, c.downline_id, c.merchant_code, ctx.currency);
    let paid = amount;
    let from: number;
    if (payer === 'HOUSE') {
      from = (await houseAccount(trx, c.merchant_code, 'AGENT_PAYOUTS', ctx.currency)).id;
    } else {
      from = (await ensureMemberWallet(trx, c.upline_id, c.merchant_code, ctx.currency)).id;
      // The upline's balance under the lock the transfer takes next; what it lacks becomes its debt.
      const balance = (await memberBalances(trx, [c.upline_id], ctx.currency)).get(c.upline_id) ?? 0;
      paid = Math.min(paid, Math.max(0, balance));
    }
    if (paid > 0) {
      await transfer(trx, {
        idempotencyKey: settlementKey(c.id, window.key),
        debitAccountId: from,
        creditAccountId: payee.id,
        amount: paid,
        kind: 'AGENT_CONTRACT',
        reference: `contract:${c.id}:${window.key}`,
      });
    }
    const debt = amount - paid;
    if (debt > 0) {
      await insertDebt(trx, {
        settlement_id: claim.id,
        debtor_id: c.upline_id,
        creditor_id: c.downline_id,
        amount: debt,
      });
    }
    await setSettlementPaid(trx, claim.id, paid, debt);
    if (paid > 0)
      await payDebtsFrom(trx, c.downline_id, c.merchant_code, ctx.currency, paid, claim.id, deps.clock());
    return { paid, debt };
  });
}

/** The member's open debts, oldest first, paid from `available` it has just received. */
async function payDebtsFrom(
  trx: DbOrTrx,
  debtorId: number,
  merchantCode: string,
  currency: string,
  available: number,
  settlementId: number,
  now: Date,
): Promise<void> {
  let left = available;
  for (const d of await openDebts(trx, debtorId)) {
    if (left <= 0) break;
    const x = Math.min(left, d.remaining);
    const debtor = await ensureMemberWallet(trx, debtorId, merchantCode, currency);
    const creditor = await ensureMemberWallet(trx, d.creditor_id, merchantCode, currency);
    await transfer(trx, {
      idempotencyKey: `agent-contract-debt:${d.id}:${settlementId}`,
      debitAccountId: debtor.id,
      creditAccountId: creditor.id,
      amount: x,
      kind: 'AGENT_CONTRACT',
      reference: `contract-debt:${d.id}`,
    });
    await reduceDebt(trx, d.id, d.remaining - x, now);
    left -= x;
  }
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
    const rounds =
      products.length === 0 ? [] : await teamRounds(deps.db, downline.id, range, currency, products);
    const total = one({ key: '', ...range }, realtimeInputs(body.tiers, []));
    total.periods = windows.length;
    let bestAmount = -1;
    for (const w of windows) {
      const inPeriod = rounds
        .filter((r) => {
          const t = new Date(r.settled_at).getTime();
          return t >= w.from.getTime() && t < w.to.getTime();
        })
        .map((r) => ({ memberId: r.member_id, stake: Number(r.stake), payout: Number(r.payout) }));
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
