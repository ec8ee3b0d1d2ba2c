import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { AgentContractStatusHistoryTable } from './agent-contracts.table.ts';

/*
 * The contracts' status history (agent_contract_status_history): written with every change of
 * status, in its transaction; read oldest first per contract.
 */

export const insertStatusSteps = async (
  db: DbOrTrx,
  rows: readonly Insertable<AgentContractStatusHistoryTable>[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insertInto('agent_contract_status_history')
    .values([...rows])
    .execute();
};

/** The steps of the named contracts, oldest first (by id: the order they were written in). */
export const statusStepsOf = (db: DbOrTrx, contractIds: readonly number[]) =>
  contractIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('agent_contract_status_history')
        .selectAll()
        .where('contract_id', 'in', [...contractIds])
        .orderBy('contract_id')
        .orderBy('id')
        .execute();
