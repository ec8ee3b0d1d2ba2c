import type { OpsAgentSettingsValue, OpsPutAgentSettingsBody } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { findAgentSettings, upsertAgentSettings } from './agent-settings.repository.ts';

/*
 * The operator's agent rules (table agent_settings, one row per merchant), owned by this module:
 * whether agents may promote a direct downline member to agent. Until an operator sets them the
 * server's config decides (AGENT_PROMOTE, `promoteDefault`). Read per call: the promote call is rare,
 * and a read per call means every node sees an operator's change at once (no cache to invalidate).
 */

export interface AgentSettingsDeps {
  db: DbOrTrx;
  clock: () => Date;
  merchantCode: string;
  /** Config AGENT_PROMOTE: the answer while no operator has set it. */
  promoteDefault: boolean;
}

/** The merchant's agent settings: the stored row, or the config defaults. */
export async function agentSettings(
  deps: Pick<AgentSettingsDeps, 'db' | 'promoteDefault'>,
  merchantCode: string,
): Promise<OpsAgentSettingsValue> {
  const row = await findAgentSettings(deps.db, merchantCode);
  return row
    ? {
        promoteAllowed: row.promote_allowed,
        source: 'operator',
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : { promoteAllowed: deps.promoteDefault, source: 'config', updatedAt: null };
}

/** GET /ops/agent-settings */
export const getAgentSettings = (deps: AgentSettingsDeps) => agentSettings(deps, deps.merchantCode);

/** PUT /ops/agent-settings: replaces the merchant's settings; audited with before and after. */
export async function putAgentSettings(
  deps: AgentSettingsDeps & { ops: Pick<OpsAccess, 'audit'> },
  actor: OperatorActor,
  body: OpsPutAgentSettingsBody,
  requestId: string,
): Promise<OpsAgentSettingsValue> {
  await inTransaction(deps.db, async (trx) => {
    // Locks the row when there is one, so two operators' changes are audited in the order applied.
    await findAgentSettings(trx, deps.merchantCode, true);
    const before = await agentSettings({ ...deps, db: trx }, deps.merchantCode);
    await upsertAgentSettings(trx, deps.merchantCode, { promoteAllowed: body.promoteAllowed }, deps.clock());
    await deps.ops.audit(trx, {
      actor,
      action: 'agent.settings',
      subjectType: 'agent_settings',
      subjectId: deps.merchantCode,
      before: { promoteAllowed: before.promoteAllowed, source: before.source },
      after: { promoteAllowed: body.promoteAllowed, source: 'operator' },
      reason: body.reason,
      requestId,
    });
  });
  return getAgentSettings(deps);
}
