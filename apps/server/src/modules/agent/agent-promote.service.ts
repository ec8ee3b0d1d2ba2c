import type { PromoteDownlineBody, PromoteDownlineValue } from '@banca/contract';
import { MEMBER_TYPE } from '@banca/contract';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { promoteChildToAgent } from '../member/index.ts';
import { AgentError } from './agent.errors.ts';
import { findTeamMember, type AgentDeps } from './agent.service.ts';
import { agentSettings } from './agent-settings.service.ts';

/**
 * POST /wps/agent/downline/promote: a direct downline member becomes an agent (type 1) where the
 * operator allows it: the back office's agent setting (agent_settings, read per call), or while no
 * operator has set it the config AGENT_PROMOTE (on by default). BOLA: anyone but a direct downline
 * (deeper in the team, outside it, missing) answers 404 downline_not_found alike; a direct downline
 * that is an agent already answers 409 promote_refused.
 */
export async function promoteDownline(
  deps: AgentDeps & { promoteDefault: boolean },
  auth: RouteAuth,
  body: PromoteDownlineBody,
): Promise<PromoteDownlineValue> {
  if (!(await agentSettings(deps, auth.merchantCode)).promoteAllowed)
    throw new AgentError('promote_not_allowed');
  const member = await findTeamMember(deps, auth, { memberId: body.memberId });
  if (!member || member.depth !== 1) throw new AgentError('downline_not_found');
  if (!(await promoteChildToAgent(deps.db, auth.memberId, member.id)))
    throw new AgentError('promote_refused');
  return { memberId: member.id, account: member.account, type: MEMBER_TYPE.AGENT };
}
