import type { ContractKind, SettlementList, SettlementListQuery, SettlementView } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { findMemberById, teamIds } from '../member/index.ts';
import { memberDaily } from '../reports/index.ts';
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
  type SettlementWithContract,
} from './agent-contracts.repository.ts';
import {
  previousPeriod,
  tierOutcome,
  type PeriodFigures,
  type SettlementPeriod,
} from './agent-contracts.rules.ts';
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
 * Real-time and hourly salaries need per-bet and per-hour figures the rollups do not keep: not settled
 * yet (their contracts can be offered and answered).
 */

export interface SettlementDeps {
  db: DbOrTrx;
  clock: () => Date;
  merchantCode: string;
  merchantCurrency: WalletDeps['merchantCurrency'];
  timeZone: (merchantCode: string) => Promise<string>;
}

/** memberDaily takes at most 10 000 ids a call: a large team in slices. */
const SLICE = 5_000;
const PAGE = 500;

/** The team figures of `downlineId` (itself included) over merchant days [fromDay, toDay]. */
export async function teamFigures(
  db: DbOrTrx,
  downlineId: number,
  range: { from: string; to: string },
  currency: string,
  activeMin: number,
): Promise<PeriodFigures> {
  const ids = [downlineId, ...(await teamIds(db, downlineId))];
  const f: PeriodFigures = { teamValidBet: 0, teamPnl: 0, activeMembers: 0 };
  for (let i = 0; i < ids.length; i += SLICE) {
    const { members } = await memberDaily(db, ids.slice(i, i + SLICE), range);
    for (const m of members) {
      if (m.currency !== currency) continue;
      f.teamValidBet += m.stake;
      f.teamPnl += m.profit;
      if (m.stake > 0 && m.stake >= activeMin) f.activeMembers += 1;
    }
  }
  return f;
}

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
  if (kind === 'HOURLY' || kind === 'REALTIME') return out;
  const [timeZone, { currency }, settings] = await Promise.all([
    deps.timeZone(deps.merchantCode),
    deps.merchantCurrency(deps.merchantCode),
    contractSettings(deps.db, deps.merchantCode),
  ]);
  if (!settings.enabled[kind]) return out;
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
      const r = await settleContractPeriod(deps, c, period, {
        currency,
        timeZone,
        activeMin: settings.activeMemberMinBet,
      });
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

/** One (contract, period), exactly once: undefined when it was settled already. */
export async function settleContractPeriod(
  deps: SettlementDeps,
  c: AgentContractRow,
  period: SettlementPeriod,
  ctx: { currency: string; timeZone: string; activeMin: number },
): Promise<{ paid: number; debt: number } | undefined> {
  const figures = await teamFigures(
    deps.db,
    c.downline_id,
    { from: period.fromDay, to: period.toDay },
    ctx.currency,
    ctx.activeMin,
  );
  const outcome = tierOutcome(c.kind, c.tiers, figures);
  return inTransaction(deps.db, async (trx) => {
    // The house funds what a top-level agent (no upline of its own) grants; every other upline pays
    // from its own wallet what its downline earned.
    const payer = (await findMemberById(trx, c.upline_id))?.parent_id == null ? 'HOUSE' : 'UPLINE';
    const claim = await claimSettlement(trx, {
      contract_id: c.id,
      period_key: period.key,
      period_from: dayStartIn(period.fromDay, ctx.timeZone),
      period_to: dayStartIn(nextDay(period.toDay), ctx.timeZone),
      tier_index: outcome.tier,
      team_valid_bet: figures.teamValidBet,
      team_pnl: figures.teamPnl,
      active_members: figures.activeMembers,
      rate_type: outcome.rateType,
      rate: outcome.rate,
      amount: outcome.amount,
      paid: 0,
      debt: 0,
      payer,
    });
    if (!claim) return undefined;
    if (outcome.amount === 0) return { paid: 0, debt: 0 };
    const payee = await ensureMemberWallet(trx, c.downline_id, c.merchant_code, ctx.currency);
    let paid = outcome.amount;
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
        idempotencyKey: settlementKey(c.id, period.key),
        debitAccountId: from,
        creditAccountId: payee.id,
        amount: paid,
        kind: 'AGENT_CONTRACT',
        reference: `contract:${c.id}:${period.key}`,
      });
    }
    const debt = outcome.amount - paid;
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
  rateType: s.rate_type,
  rate: Number(s.rate),
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
