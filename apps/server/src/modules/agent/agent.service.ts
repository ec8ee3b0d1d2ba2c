import {
  AGENT_INVITATION_MAX,
  isAgentType,
  type DownlineMemberQuery,
  type DownlinePage,
  type DownlineQuery,
  type DownlineRow,
  type Invitation,
  type InvitationList,
  type RegisterDownlineBody,
  type RegisterDownlineValue,
  type TeamOverviewValue,
  type TeamPeriod,
  type TeamSummaryValue,
} from '@banca/contract';
import type { Db } from '../../database.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import {
  countMemberTeam,
  createInvitationCode,
  directDownline,
  findInTree,
  findMemberById,
  invitationCodes,
  registerDownline as registerMemberDownline,
  team,
  uplinePaths,
  type TeamMember,
} from '../member/index.ts';
import { teamActiveMembers, teamDaily } from '../reports/index.ts';
import { lastLogins } from '../session/index.ts';
import { dayStartIn, localDate, memberBalances, type WalletDeps } from '../wallet/index.ts';
import { AgentError } from './agent.errors.ts';

/** What the agent calls need, passed in so tests can wire a real database and a fixed clock. */
export interface AgentDeps {
  db: Db;
  clock: () => Date;
  merchantCurrency: WalletDeps['merchantCurrency'];
  /** The merchant's time zone (wallet settings): periods are its days. */
  timeZone: (merchantCode: string) => Promise<string>;
}

/** The first instant of the clock's month in UTC: "new this month" is counted from here. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** GET /wps/agent/team/overview: head counts from the member module's downline tree. */
export function getTeamOverview(deps: AgentDeps, auth: RouteAuth): Promise<TeamOverviewValue> {
  return countMemberTeam(deps.db, { agentId: auth.memberId, since: startOfMonthUtc(deps.clock()) });
}

/** The period's first merchant day up to today: today, Monday of this week, the 1st of this month. */
export function periodDays(period: TeamPeriod, today: string): { from: string; to: string } {
  if (period === 'D') return { from: today, to: today };
  const d = new Date(`${today}T00:00:00Z`);
  if (period === 'M') return { from: `${today.slice(0, 8)}01`, to: today };
  const back = (d.getUTCDay() + 6) % 7;
  return { from: new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10), to: today };
}

/**
 * GET /wps/agent/team/summary: the team's figures over the period's merchant days, in the merchant
 * currency, from the reports' team rollups (a few rows whatever the team's size) and the member
 * module's head counts; active = team members with a settled round in the period.
 */
export async function getTeamSummary(
  deps: AgentDeps,
  auth: RouteAuth,
  period: TeamPeriod,
): Promise<TeamSummaryValue> {
  const [timeZone, { currency }] = await Promise.all([
    deps.timeZone(auth.merchantCode),
    deps.merchantCurrency(auth.merchantCode),
  ]);
  const range = periodDays(period, localDate(deps.clock(), timeZone));
  const [counts, figures, active] = await Promise.all([
    countMemberTeam(deps.db, { agentId: auth.memberId, since: dayStartIn(range.from, timeZone) }),
    teamDaily(deps.db, [auth.memberId], range),
    // The period's first day is its start: the day, Monday or the 1st (periodDays).
    teamActiveMembers(deps.db, auth.memberId, period, range.from),
  ]);
  const mine = figures.find((f) => f.currency === currency);
  return {
    period,
    from: range.from,
    to: range.to,
    currency,
    teamSize: counts.totalMembers,
    newMembers: counts.newThisMonth,
    activeMembers: active.get(currency) ?? 0,
    depositCount: mine?.depositCount ?? 0,
    depositAmount: mine?.depositAmount ?? 0,
    withdrawalCount: mine?.withdrawalCount ?? 0,
    withdrawalAmount: mine?.withdrawalAmount ?? 0,
    validBet: mine?.stake ?? 0,
    profit: mine?.profit ?? 0,
    bonusAmount: mine?.bonusAmount ?? 0,
  };
}

/** The list rows of some team members: balance (wallet), last login (session), upline path (tree). */
async function rowsOf(
  deps: AgentDeps,
  auth: RouteAuth,
  members: readonly TeamMember[],
): Promise<DownlineRow[]> {
  const ids = members.map((m) => m.id);
  const { currency } = await deps.merchantCurrency(auth.merchantCode);
  const [balances, logins, paths, me] = await Promise.all([
    memberBalances(deps.db, ids, currency),
    lastLogins(deps.db, ids),
    uplinePaths(deps.db, auth.memberId, ids),
    findMemberById(deps.db, auth.memberId),
  ]);
  return members.map((m) => ({
    memberId: m.id,
    account: m.account,
    nickname: m.nickname,
    type: m.type,
    isAgent: isAgentType(m.type),
    status: m.status,
    depth: m.depth,
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: logins.get(m.id)?.toISOString() ?? null,
    balance: balances.get(m.id) ?? 0,
    currency,
    uplinePath: [me?.account ?? '', ...(paths.get(m.id) ?? [])],
  }));
}

/** GET /wps/agent/downline: the direct downline or the whole team, newest first, by keyset. */
export async function getDownline(deps: AgentDeps, auth: RouteAuth, q: DownlineQuery): Promise<DownlinePage> {
  const filters = { account: q.account || undefined, kind: q.kind, status: q.status };
  const p = { beforeId: q.cursor === undefined ? undefined : Number(q.cursor), limit: q.limit + 1 };
  const found =
    q.scope === 'direct'
      ? await directDownline(deps.db, auth.memberId, p, filters)
      : await team(deps.db, auth.memberId, filters, p);
  const shown = found.slice(0, q.limit);
  return {
    items: await rowsOf(deps, auth, shown),
    nextCursor: found.length > q.limit ? String(shown[shown.length - 1]!.id) : null,
  };
}

/** The largest member id (member.id is a 4-byte integer); the contract takes ids up to 2^53 - 1. */
const MEMBER_ID_MAX = 2_147_483_647;

/**
 * A member of the caller's tree by id or account, or undefined. An id past MEMBER_ID_MAX names no
 * member: it answers as a missing one instead of reaching the database (where it would fail as out of
 * range: a 500).
 */
export function findTeamMember(
  deps: Pick<AgentDeps, 'db'>,
  auth: RouteAuth,
  ref: { memberId?: number | undefined; account?: string | undefined },
): Promise<TeamMember | undefined> {
  if (ref.memberId !== undefined && ref.memberId > MEMBER_ID_MAX) return Promise.resolve(undefined);
  return findInTree(deps.db, auth.merchantCode, auth.memberId, ref);
}

/**
 * GET /wps/agent/downline/member. BOLA: a member outside the caller's tree (sibling, upline, someone
 * else's, the caller itself) answers exactly as a missing one: 404 downline_not_found.
 */
export async function getDownlineMember(
  deps: AgentDeps,
  auth: RouteAuth,
  q: DownlineMemberQuery,
): Promise<DownlineRow> {
  const member = await findTeamMember(deps, auth, q);
  if (!member) throw new AgentError('downline_not_found');
  return (await rowsOf(deps, auth, [member]))[0]!;
}

/** PUT /wps/agent/downline/register: a member or agent account directly below the caller. */
export function registerDownline(
  deps: AgentDeps,
  auth: RouteAuth,
  ctx: RequestContext,
  body: RegisterDownlineBody,
): Promise<RegisterDownlineValue> {
  return registerMemberDownline(deps.db, {
    merchantCode: auth.merchantCode,
    agentId: auth.memberId,
    account: body.username,
    password: body.password,
    kind: body.kind,
    nickname: body.nickname ?? null,
    ip: ctx.ip,
    now: deps.clock(),
  });
}

const invitationOf = (r: Awaited<ReturnType<typeof invitationCodes>>[number]): Invitation => ({
  code: r.code,
  enabled: r.enabled,
  domain: r.domain,
  createdAt: r.createdAt.toISOString(),
  registrations: r.registrations,
});

/** GET /wps/agent/invitations */
export async function getInvitations(deps: AgentDeps, auth: RouteAuth): Promise<InvitationList> {
  return { items: (await invitationCodes(deps.db, auth.merchantCode, auth.memberId)).map(invitationOf) };
}

/** POST /wps/agent/invitations: 409 invitation_limit at AGENT_INVITATION_MAX codes. */
export async function createInvitation(deps: AgentDeps, auth: RouteAuth): Promise<Invitation> {
  const code = await createInvitationCode(deps.db, {
    merchantCode: auth.merchantCode,
    agentId: auth.memberId,
    max: AGENT_INVITATION_MAX,
  });
  if (!code) throw new AgentError('invitation_limit', { max: AGENT_INVITATION_MAX });
  const made = (await invitationCodes(deps.db, auth.merchantCode, auth.memberId)).find(
    (r) => r.code === code,
  );
  return invitationOf(made!);
}
