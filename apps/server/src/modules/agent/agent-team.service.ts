import {
  type IncomeQuery,
  type IncomeSource,
  type IncomeValue,
  type Language,
  type TeamBetsPage,
  type TeamBetsQuery,
  type TeamPnlPage,
  type TeamPnlQuery,
  type TeamTransactionsPage,
  type TeamTransactionsQuery,
  type TeamTransactionType,
  isAgentType,
} from '@banca/contract';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import type { createTeamBetReader } from '../games/index.ts';
import {
  countMemberTeam,
  directDownline,
  findInTree,
  findMemberById,
  isInTree,
  membersByIds,
  teamIds,
} from '../member/index.ts';
import { dayStartIn, localDate, memberCreditsByPeriod, membersMoneyLines } from '../wallet/index.ts';
import { AgentError } from './agent.errors.ts';
import { periodDays, type AgentDeps } from './agent.service.ts';
import { teamSums } from './team-figures.ts';

/*
 * The agent centre's team reports (issue 24): team betting, downline P&L, downline transactions and
 * the income report. Every one is scoped by the member module's tree: lists by the caller's team ids,
 * and an account the caller names is looked up with findInTree first (BOLA: outside the tree answers
 * 404 downline_not_found exactly as a missing account). Bets are the games module's records, money
 * lines the wallet's, figures the reports' member rollups; this module owns no table for them.
 */

export interface AgentTeamDeps extends AgentDeps {
  teamBets: ReturnType<typeof createTeamBetReader>;
  /**
   * Seam for the agent-contracts module: what contracts paid the agent per period (dividends and
   * salaries) by kind, by the same period bounds (wired in index.ts). Absent: reported as 0 and
   * `contractIncomeAvailable: false`.
   */
  contractIncome?: (memberId: number, bounds: Date[]) => Promise<Map<number, ContractIncome>>;
  /**
   * Seam for the agent-contracts module: debt repayments per period by the same bounds — `received`
   * as creditor (late money from an upline short of funds), `withheld` as debtor (the part of its own
   * contract credits that repaid its debts). Absent: reported as 0.
   */
  debtRepayments?: (
    memberId: number,
    bounds: Date[],
  ) => Promise<Map<number, { received: number; withheld: number }>>;
}

/** The ids a team call covers: the whole team, or the one member of it the caller named. */
async function scopeIds(deps: AgentDeps, auth: RouteAuth, account: string | undefined): Promise<number[]> {
  if (account === undefined) return teamIds(deps.db, auth.memberId);
  const member = await findInTree(deps.db, auth.merchantCode, auth.memberId, { account });
  if (!member) throw new AgentError('downline_not_found');
  return [member.id];
}

/** GET /wps/agent/team/bets */
export async function getTeamBets(
  deps: AgentTeamDeps,
  auth: RouteAuth,
  q: TeamBetsQuery,
  language: Language,
): Promise<TeamBetsPage> {
  const ids = await scopeIds(deps, auth, q.account);
  const { account: _account, ...query } = q;
  const page = await deps.teamBets(ids, query, language);
  const accounts = await membersByIds(deps.db, [...new Set(page.items.map((i) => i.memberId))]);
  return {
    items: page.items.map((i) => ({
      ...i.entry,
      memberId: i.memberId,
      account: accounts.get(i.memberId)?.account ?? '',
    })),
    totals: page.totals,
    nextCursor: page.nextCursor,
  };
}

/** GET /wps/agent/team/pnl: per direct downline, itself and its whole team summed, plus the totals. */
export async function getTeamPnl(deps: AgentDeps, auth: RouteAuth, q: TeamPnlQuery): Promise<TeamPnlPage> {
  const [timeZone, { currency }] = await Promise.all([
    deps.timeZone(auth.merchantCode),
    deps.merchantCurrency(auth.merchantCode),
  ]);
  const range =
    q.from !== undefined && q.to !== undefined
      ? { from: q.from, to: q.to }
      : periodDays(q.period, localDate(deps.clock(), timeZone));
  const found = await directDownline(deps.db, auth.memberId, {
    beforeId: q.cursor === undefined ? undefined : Number(q.cursor),
    limit: q.limit + 1,
  });
  const shown = found.slice(0, q.limit);
  // Each line is the downline itself and its whole team; the totals, the caller's whole team.
  const everSince = new Date(0);
  const [lines, mine, sizes, mySize] = await Promise.all([
    teamSums(
      deps,
      shown.map((m) => m.id),
      range,
      currency,
      { withSelf: true },
    ),
    teamSums(deps, [auth.memberId], range, currency, { withSelf: false }),
    Promise.all(shown.map((m) => countMemberTeam(deps.db, { agentId: m.id, since: everSince }))),
    countMemberTeam(deps.db, { agentId: auth.memberId, since: everSince }),
  ]);
  const items = shown.map((m, i) => ({
    memberId: m.id,
    account: m.account,
    isAgent: isAgentType(m.type),
    members: 1 + sizes[i]!.totalMembers,
    ...lines.get(m.id)!,
  }));
  const totals = { members: mySize.totalMembers, ...mine.get(auth.memberId)! };
  return {
    from: range.from,
    to: range.to,
    currency,
    items,
    totals,
    nextCursor: found.length > q.limit ? String(shown[shown.length - 1]!.id) : null,
  };
}

/** The ledger kinds behind each transaction type the page offers. */
const KINDS: Record<TeamTransactionType, readonly string[]> = {
  DEPOSIT: ['DEPOSIT'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RETURN'],
  TRANSFER: ['MEMBER_TRANSFER'],
};
const typeOf = (kind: string): TeamTransactionType =>
  kind === 'DEPOSIT' ? 'DEPOSIT' : kind === 'MEMBER_TRANSFER' ? 'TRANSFER' : 'WITHDRAWAL';

/** GET /wps/agent/team/transactions */
export async function getTeamTransactions(
  deps: AgentDeps,
  auth: RouteAuth,
  q: TeamTransactionsQuery,
): Promise<TeamTransactionsPage> {
  const ids = await scopeIds(deps, auth, q.account);
  const page = await membersMoneyLines(deps.db, ids, {
    kinds: q.type ? KINDS[q.type] : Object.values(KINDS).flat(),
    from: q.from === undefined ? undefined : new Date(q.from),
    to: q.to === undefined ? undefined : new Date(q.to),
    ...(q.cursor === undefined ? {} : { cursor: q.cursor }),
    limit: q.limit,
  });
  const accounts = await membersByIds(deps.db, [...new Set(page.items.map((i) => i.memberId))]);
  return {
    items: page.items.map((l) => ({
      id: l.id,
      memberId: l.memberId,
      account: accounts.get(l.memberId)?.account ?? '',
      type: typeOf(l.kind),
      kind: l.kind,
      amount: l.amount,
      currency: l.currency,
      balanceAfter: l.balanceAfter,
      at: l.at.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

const noSources = (): Record<IncomeSource, number> => ({
  UPLINE_TRANSFER: 0,
  DOWNLINE_TRANSFER: 0,
  CONTRACT: 0,
  DEBT_REPAID: 0,
  DEBT_WITHHELD: 0,
});
type ContractIncome = IncomeValue['totals']['contracts'];
const noContracts = (): ContractIncome => ({ DIVIDEND: 0, DAILY: 0, HOURLY: 0, REALTIME: 0 });

/**
 * GET /wps/agent/income: what the caller was credited, by source and calendar period of the
 * merchant's zone: transfers from its upline, transfers from its own tree, contract pay (the
 * `contractIncome` seam), and debt repayments (the `debtRepayments` seam): received as creditor, and
 * withheld from its contract pay as debtor (negative). Transfers from anyone else (a past upline after
 * a move) count nowhere. Each period's total is the sum of its sources.
 */
export async function getIncome(deps: AgentTeamDeps, auth: RouteAuth, q: IncomeQuery): Promise<IncomeValue> {
  const [timeZone, { currency }, me] = await Promise.all([
    deps.timeZone(auth.merchantCode),
    deps.merchantCurrency(auth.merchantCode),
    findMemberById(deps.db, auth.memberId),
  ]);
  const from = dayStartIn(q.from, timeZone);
  const to = dayStartIn(
    new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    timeZone,
  );
  const { periods, credits } = await memberCreditsByPeriod(deps.db, {
    memberId: auth.memberId,
    kinds: ['MEMBER_TRANSFER'],
    from,
    to,
    period: q.period,
    timeZone,
  });
  const rows = periods.map((p) => ({
    label: p.label,
    total: 0,
    sources: noSources(),
    contracts: noContracts(),
  }));
  const senders = new Map<number, boolean>();
  for (const c of credits) {
    const row = rows[c.bucket];
    if (!row || c.fromMemberId === null) continue;
    let source: IncomeSource | undefined;
    if (c.fromMemberId === me?.parent_id) source = 'UPLINE_TRANSFER';
    else {
      if (!senders.has(c.fromMemberId))
        senders.set(c.fromMemberId, await isInTree(deps.db, auth.memberId, c.fromMemberId));
      if (senders.get(c.fromMemberId)) source = 'DOWNLINE_TRANSFER';
    }
    if (source) row.sources[source] += c.amount;
  }
  const bounds = [...periods.map((p) => p.start), periods[periods.length - 1]!.end];
  if (deps.contractIncome) {
    for (const [i, byKind] of await deps.contractIncome(auth.memberId, bounds)) {
      const row = rows[i];
      if (!row) continue;
      for (const k of Object.keys(row.contracts) as (keyof ContractIncome)[]) {
        row.contracts[k] += byKind[k];
        row.sources.CONTRACT += byKind[k];
      }
    }
  }
  if (deps.debtRepayments) {
    for (const [i, d] of await deps.debtRepayments(auth.memberId, bounds)) {
      const row = rows[i];
      if (!row) continue;
      row.sources.DEBT_REPAID += d.received;
      row.sources.DEBT_WITHHELD -= d.withheld;
    }
  }
  const totals = { total: 0, sources: noSources(), contracts: noContracts() };
  for (const row of rows) {
    row.total = (Object.keys(row.sources) as IncomeSource[]).reduce((sum, s) => sum + row.sources[s], 0);
    totals.total += row.total;
    for (const s of Object.keys(totals.sources) as IncomeSource[]) totals.sources[s] += row.sources[s];
    for (const k of Object.keys(totals.contracts) as (keyof ContractIncome)[])
      totals.contracts[k] += row.contracts[k];
  }
  return { currency, timeZone, periods: rows, totals, contractIncomeAvailable: !!deps.contractIncome };
}
