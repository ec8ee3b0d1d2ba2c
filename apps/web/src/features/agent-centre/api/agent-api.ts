import {
  TEAM_PERIODS,
  TEAM_TRANSACTION_TYPES,
  type Language,
  type RegisterDownlineBody,
  type TeamPeriod,
  type TeamTransactionType,
} from '@banca/contract';
import { agentCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { betFilterQuery, type BetFilters } from '../../records/api/records-api';
import { apiCall } from '@/api';
import { localMidnight } from '@/lib/clock';

/**
 * The agent's team head counts. Keyed by member id so one account never sees another's team after a
 * switch; a minute fresh (the team changes when someone registers, not from second to second). Retries
 * follow the app's default.
 */
export const teamOverviewQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['agent', 'teamOverview', memberId] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.teamOverview, { signal }),
    enabled: memberId !== undefined,
    staleTime: 60_000,
  });

/** The team's figures over a period (D today, W this week, M this month), from the reports' rollups. */
export const teamSummaryQuery = (memberId: number | undefined, period: TeamPeriod) =>
  queryOptions({
    queryKey: ['agent', 'teamSummary', memberId, period] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.teamSummary, { signal, query: { period } }),
    enabled: memberId !== undefined,
    staleTime: 30_000,
  });

export const DOWNLINE_PAGE_SIZE = 20;

/** One page of the downline list under the applied filters ('' cursor: the first). */
/** The downline list's filters in the URL ('' scope: the direct downline; '' kind: every type). */
export interface DownlineFilters {
  [name: string]: string;
  scope: string;
  kind: string;
}

export const downlinePageQuery = (memberId: number | undefined, filters: DownlineFilters, cursor: string) =>
  queryOptions({
    queryKey: ['agent', 'downline', memberId, filters, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.downline, {
        signal,
        query: {
          scope: filters.scope === 'team' ? 'team' : 'direct',
          limit: DOWNLINE_PAGE_SIZE,
          ...(filters.kind === 'member' || filters.kind === 'agent' ? { kind: filters.kind } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** The agent's invitation codes and what each brought. */
export const invitationsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['agent', 'invitations', memberId] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.invitations, { signal }),
    enabled: memberId !== undefined,
  });

export const createInvitation = () => apiCall(agentCalls.createInvitation);

export const registerDownline = (body: RegisterDownlineBody) =>
  apiCall(agentCalls.registerDownline, { body });

// --- team reports (issue 24) -------------------------------------------------------------------------

/** Team betting's filters in the URL: the betting record's, plus one member's account. */
export type TeamBetFilters = BetFilters & { account: string };

export const TEAM_PAGE_SIZE = 20;

/** One page of the team's rounds (all of it, or one member by account). */
export const teamBetsQuery = (
  memberId: number | undefined,
  language: Language,
  f: TeamBetFilters,
  cursor: string,
) =>
  queryOptions({
    queryKey: ['agent', 'teamBets', memberId, language, f, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.teamBets, {
        signal,
        query: {
          ...(f.account ? { account: f.account } : {}),
          ...betFilterQuery(f),
          limit: TEAM_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** Downline P&L's filters: a period (D W M) or a range of merchant days. */
export type TeamPnlFilters = { period: string; from: string; to: string };
const isTeamPeriod = (p: string): p is TeamPeriod => (TEAM_PERIODS as readonly string[]).includes(p);

/** One page of the downline P&L under the filters. */
const pnlQuery = (f: TeamPnlFilters, cursor: string, limit: number) => ({
  ...(f.from && f.to ? { from: f.from, to: f.to } : { period: isTeamPeriod(f.period) ? f.period : 'D' }),
  limit,
  ...(cursor ? { cursor } : {}),
});
export const fetchTeamPnl = (f: TeamPnlFilters, cursor: string, limit: number) =>
  apiCall(agentCalls.teamPnl, { query: pnlQuery(f, cursor, limit) });

export const teamPnlQuery = (memberId: number | undefined, f: TeamPnlFilters, cursor: string) =>
  queryOptions({
    queryKey: ['agent', 'teamPnl', memberId, f, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.teamPnl, { signal, query: pnlQuery(f, cursor, TEAM_PAGE_SIZE) }),
    enabled: memberId !== undefined,
  });

/** Downline transaction details' filters. */
export type TeamTransactionFilters = { account: string; type: string; from: string; to: string };
const isTransactionType = (t: string): t is TeamTransactionType =>
  (TEAM_TRANSACTION_TYPES as readonly string[]).includes(t);

export const teamTransactionsQuery = (
  memberId: number | undefined,
  f: TeamTransactionFilters,
  cursor: string,
) =>
  queryOptions({
    queryKey: ['agent', 'teamTransactions', memberId, f, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.teamTransactions, {
        signal,
        query: {
          ...(f.account ? { account: f.account } : {}),
          ...(isTransactionType(f.type) ? { type: f.type } : {}),
          ...(f.from ? { from: localMidnight(f.from) } : {}),
          ...(f.to ? { to: localMidnight(f.to, 1) } : {}),
          limit: TEAM_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** The income report over merchant days (from..to inclusive) by day, week or month. */
export const incomeQuery = (
  memberId: number | undefined,
  period: 'day' | 'week' | 'month',
  from: string,
  to: string,
) =>
  queryOptions({
    queryKey: ['agent', 'income', memberId, period, from, to] as const,
    queryFn: ({ signal }) => apiCall(agentCalls.income, { signal, query: { period, from, to } }),
    enabled: memberId !== undefined && !!from && !!to,
  });

/** Make a direct downline member an agent. */
export const promoteDownline = (memberId: number) =>
  apiCall(agentCalls.promoteDownline, { body: { memberId } });
