import type { ContractActorSide, ContractStep, OpsContractStep } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { insertStatusSteps, statusStepsOf } from './agent-contracts-history.repository.ts';
import { updateContract } from './agent-contracts.repository.ts';
import type { AgentContractRow, StatusHistoryRow } from './agent-contracts.table.ts';

/*
 * A contract's status history (docs/agent-centre.md "Status history"). Every change of status goes
 * through `changeStatus` (or, for the higher-rate rule's batch, `recordSteps` beside its update), so
 * each writes exactly one history row in the transaction of the change.
 */

/** Who changed a status: a party (its member id), the operator (its id; null for the bootstrap
 *  token), or the platform. */
export type ContractActor =
  | { side: 'upline' | 'downline'; memberId: number }
  | { side: 'operator'; operatorId: number | null }
  | { side: 'system' };

/** The reason the parties see for an operator's end (its own words stay in the back office). */
export const ENDED_BY_OPERATOR = 'ended_by_operator';

export interface StatusStep {
  contractId: number;
  from: AgentContractRow['status'] | null;
  to: AgentContractRow['status'];
  by: ContractActor;
  reason: string | null;
  at: Date;
}

export const recordSteps = (db: DbOrTrx, steps: readonly StatusStep[]) =>
  insertStatusSteps(
    db,
    steps.map((s) => ({
      contract_id: s.contractId,
      from_status: s.from,
      to_status: s.to,
      by_side: s.by.side,
      by_member_id: 'memberId' in s.by ? s.by.memberId : null,
      by_operator_id: 'operatorId' in s.by ? s.by.operatorId : null,
      reason: s.reason,
      at: s.at,
    })),
  );

/**
 * Updates a locked contract's status (and the columns that go with it) and records the step from its
 * status before, in the caller's transaction.
 */
export async function changeStatus(
  db: DbOrTrx,
  c: AgentContractRow,
  patch: Parameters<typeof updateContract>[2] & { status: AgentContractRow['status'] },
  by: ContractActor,
  at: Date,
  reason: string | null = null,
): Promise<AgentContractRow> {
  const row = await updateContract(db, c.id, patch);
  await recordSteps(db, [{ contractId: c.id, from: c.status, to: row.status, by, reason, at }]);
  return row;
}

/** The named contracts' histories, oldest step first. */
export async function historiesOf(
  db: DbOrTrx,
  contractIds: readonly number[],
): Promise<Map<number, StatusHistoryRow[]>> {
  const out = new Map<number, StatusHistoryRow[]>(contractIds.map((id) => [id, []]));
  for (const r of await statusStepsOf(db, contractIds)) out.get(r.contract_id)?.push(r);
  return out;
}

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A step as the parties see it: the operator's own words are replaced by `ended_by_operator`. */
export const stepView = (r: StatusHistoryRow): ContractStep => ({
  from: r.from_status,
  status: r.to_status,
  by: r.by_side as ContractActorSide,
  reason: r.by_side === 'operator' && r.reason !== null ? ENDED_BY_OPERATOR : r.reason,
  at: isoOrNull(r.at),
});

/** A step as the back office sees it: who acted, and the operator's own reason. */
export const opsStepView = (r: StatusHistoryRow): OpsContractStep => ({
  from: r.from_status,
  status: r.to_status,
  by: r.by_side as ContractActorSide,
  reason: r.reason,
  at: isoOrNull(r.at),
  memberId: r.by_member_id,
  operatorId: r.by_operator_id,
});
