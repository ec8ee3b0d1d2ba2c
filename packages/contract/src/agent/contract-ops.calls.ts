import type { RouteEntry } from '../route-entry.ts';

/**
 * The back office's contract calls (issue 24 item 6; no zod, schemas: contract-ops.routes.ts):
 * contracts with their settlements, ending one, settlement runs and their re-run, debts, and the
 * operator's contract settings. Guarded by the role matrix (contracts.read, contracts.settlements,
 * contracts.manage).
 */
export const agentContractOpsCalls = {
  opsContracts: {
    id: 'agentContracts.opsContracts',
    method: 'GET',
    path: '/ops/agent-contracts',
    auth: 'operator',
    enc: false,
  },
  opsContract: {
    id: 'agentContracts.opsContract',
    method: 'GET',
    path: '/ops/agent-contracts/:id',
    auth: 'operator',
    enc: false,
  },
  opsEndContract: {
    id: 'agentContracts.opsEndContract',
    method: 'POST',
    path: '/ops/agent-contracts/end',
    auth: 'operator',
    enc: false,
  },
  opsRuns: {
    id: 'agentContracts.opsRuns',
    method: 'GET',
    path: '/ops/agent-contract-runs',
    auth: 'operator',
    enc: false,
  },
  opsRerun: {
    id: 'agentContracts.opsRerun',
    method: 'POST',
    path: '/ops/agent-contract-runs/rerun',
    auth: 'operator',
    enc: false,
  },
  opsDebts: {
    id: 'agentContracts.opsDebts',
    method: 'GET',
    path: '/ops/agent-contract-debts',
    auth: 'operator',
    enc: false,
  },
  opsSettings: {
    id: 'agentContracts.opsSettings',
    method: 'GET',
    path: '/ops/agent-contract-settings',
    auth: 'operator',
    enc: false,
  },
  opsPutSettings: {
    id: 'agentContracts.opsPutSettings',
    method: 'PUT',
    path: '/ops/agent-contract-settings',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
