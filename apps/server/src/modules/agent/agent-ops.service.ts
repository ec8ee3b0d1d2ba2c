import {
  AGENT_TYPES,
  isAgentType,
  isTrialType,
  type OpsAgentsPage,
  type OpsAgentsQuery,
  type OpsMoveMemberBody,
  type OpsMoveMemberValue,
  type OpsTreeNode,
  type OpsTreePage,
} from '@banca/contract';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import {
  countMemberTeam,
  directDownline,
  findMemberByAccount,
  findMemberById,
  isInTree,
  moveMember,
  searchMembers,
  uplineAccountOf,
} from '../member/index.ts';
import { localDate } from '../wallet/index.ts';
import { AgentError } from './agent.errors.ts';
import { periodDays, startOfMonthUtc, type AgentDeps } from './agent.service.ts';
import { teamSums } from './team-figures.ts';

/*
 * The back office's agent pages (issue 24 item 6): the agents list with their team figures, one level
 * of any member's tree at a time (the lazy tree view), and moving a member (with its team) below
 * another agent: the member module's moveMember, audited with before and after in the same
 * transaction. Owns no table.
 */

export interface AgentOpsDeps extends AgentDeps {
  merchantCode: string;
  ops: Pick<OpsAccess, 'audit'>;
}

/** GET /ops/agents */
export async function listAgents(deps: AgentOpsDeps, q: OpsAgentsQuery): Promise<OpsAgentsPage> {
  const [timeZone, { currency }] = await Promise.all([
    deps.timeZone(deps.merchantCode),
    deps.merchantCurrency(deps.merchantCode),
  ]);
  const month = periodDays('M', localDate(deps.clock(), timeZone));
  const rows = await searchMembers(deps.db, {
    merchantCode: deps.merchantCode,
    ...(q.account ? { q: q.account } : {}),
    fields: ['account'],
    types: AGENT_TYPES,
    ...(q.after === undefined ? {} : { afterId: q.after }),
    limit: q.limit + 1,
  });
  const shown = rows.slice(0, q.limit);
  const since = startOfMonthUtc(deps.clock());
  const sumsOf = await teamSums(
    deps,
    shown.map((m) => m.id),
    month,
    currency,
    { withSelf: false },
  );
  const items = await Promise.all(
    shown.map(async (m) => {
      const [counts, upline] = await Promise.all([
        countMemberTeam(deps.db, { agentId: m.id, since }),
        uplineAccountOf(deps.db, m.id),
      ]);
      const sums = sumsOf.get(m.id)!;
      return {
        id: m.id,
        account: m.account,
        type: m.type,
        status: m.status,
        upline,
        teamSize: counts.totalMembers,
        directDownline: counts.directMembers,
        teamDeposits: sums.depositAmount,
        teamValidBet: sums.validBet,
        currency,
        registeredAt: m.created_at.toISOString(),
      };
    }),
  );
  return { items, nextCursor: rows.length > q.limit ? shown[shown.length - 1]!.id : null };
}

async function nodeOf(
  deps: AgentOpsDeps,
  m: { id: number; account: string; type: number; status: 'ACTIVE' | 'DISABLED' },
): Promise<OpsTreeNode> {
  const counts = await countMemberTeam(deps.db, { agentId: m.id, since: startOfMonthUtc(deps.clock()) });
  return {
    id: m.id,
    account: m.account,
    type: m.type,
    isAgent: isAgentType(m.type),
    status: m.status,
    directDownline: counts.directMembers,
    teamSize: counts.totalMembers,
  };
}

/** A real (non-trial) member of this merchant, or 404 agent_member_not_found. */
async function realMember(deps: AgentOpsDeps, id: number) {
  const m = await findMemberById(deps.db, id);
  if (!m || m.merchant_code !== deps.merchantCode || isTrialType(m.type))
    throw new AgentError('agent_member_not_found');
  return m;
}

/** GET /ops/agents/:id/downline */
export async function agentDownlineLevel(
  deps: AgentOpsDeps,
  id: number,
  q: { after?: number | undefined; limit: number },
): Promise<OpsTreePage> {
  const root = await realMember(deps, id);
  const found = await directDownline(deps.db, id, { beforeId: q.after, limit: q.limit + 1 });
  const shown = found.slice(0, q.limit);
  return {
    root: await nodeOf(deps, root),
    items: await Promise.all(shown.map((m) => nodeOf(deps, m))),
    nextCursor: found.length > q.limit ? shown[shown.length - 1]!.id : null,
  };
}

/**
 * POST /ops/agents/move: the member and its whole team go below `uplineAccount`, an agent of the
 * merchant that is neither the member, nor below it, nor already its upline (409 agent_move_refused).
 */
export async function moveMemberToUpline(
  deps: AgentOpsDeps,
  actor: OperatorActor,
  body: OpsMoveMemberBody,
  requestId: string,
): Promise<OpsMoveMemberValue> {
  const member = await realMember(deps, body.memberId);
  const upline = await findMemberByAccount(deps.db, deps.merchantCode, body.uplineAccount);
  if (
    !upline ||
    !isAgentType(upline.type) ||
    upline.id === member.id ||
    upline.id === member.parent_id ||
    (await isInTree(deps.db, member.id, upline.id))
  )
    throw new AgentError('agent_move_refused');
  const fromUpline = await uplineAccountOf(deps.db, member.id);
  await deps.db.transaction().execute(async (trx) => {
    // moveMember refuses a move below the member itself under its own lock too (a concurrent move).
    if (!(await moveMember(trx, member.id, upline.id))) throw new AgentError('agent_move_refused');
    await deps.ops.audit(trx, {
      actor,
      action: 'agent.move_member',
      subjectType: 'member',
      subjectId: String(member.id),
      before: { parentId: member.parent_id, upline: fromUpline },
      after: { parentId: upline.id, upline: upline.account },
      reason: body.reason,
      requestId,
    });
  });
  return { memberId: member.id, account: member.account, fromUpline, toUpline: upline.account };
}
