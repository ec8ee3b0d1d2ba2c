import type { RouteEntry } from '../route-entry.ts';

/**
 * Agent contracts' wire facts (no zod; schemas: contract.routes.ts). The `/wps/agent/contracts/...`
 * calls are this platform's; the consolidated flags and the four relay calls keep the original
 * gateway's paths (spec section 7).
 */
export const agentContractCalls = {
  offer: {
    id: 'agentContracts.offer',
    method: 'POST',
    path: '/wps/agent/contracts',
    auth: 'token',
    enc: false,
  },
  preview: {
    id: 'agentContracts.preview',
    method: 'POST',
    path: '/wps/agent/contracts/preview',
    auth: 'token',
    enc: false,
  },
  list: { id: 'agentContracts.list', method: 'GET', path: '/wps/agent/contracts', auth: 'token', enc: false },
  accept: {
    id: 'agentContracts.accept',
    method: 'POST',
    path: '/wps/agent/contracts/accept',
    auth: 'token',
    enc: false,
  },
  reject: {
    id: 'agentContracts.reject',
    method: 'POST',
    path: '/wps/agent/contracts/reject',
    auth: 'token',
    enc: false,
  },
  requestTermination: {
    id: 'agentContracts.requestTermination',
    method: 'POST',
    path: '/wps/agent/contracts/terminate',
    auth: 'token',
    enc: false,
  },
  confirmTermination: {
    id: 'agentContracts.confirmTermination',
    method: 'POST',
    path: '/wps/agent/contracts/terminate/confirm',
    auth: 'token',
    enc: false,
  },
  keep: {
    id: 'agentContracts.keep',
    method: 'POST',
    path: '/wps/agent/contracts/terminate/keep',
    auth: 'token',
    enc: false,
  },
  settlements: {
    id: 'agentContracts.settlements',
    method: 'GET',
    path: '/wps/agent/contracts/settlements',
    auth: 'token',
    enc: false,
  },
  consolidated: {
    id: 'agentContracts.consolidated',
    method: 'GET',
    // The spec's consolidated call (wallet.calls.ts) answers the member's wallets already; the
    // contract flags of its data are served beside it.
    path: '/wps/member/info/funds/consolidated/contracts',
    auth: 'token',
    enc: false,
  },
  relayDividend: {
    id: 'agentContracts.relayDividend',
    method: 'POST',
    path: '/wps/relay/MCS2_processDividendReq',
    auth: 'token',
    enc: false,
  },
  relayDaily: {
    id: 'agentContracts.relayDaily',
    method: 'POST',
    path: '/wps/relay/MCS2_processDailySalContract',
    auth: 'token',
    enc: false,
  },
  relayHourly: {
    id: 'agentContracts.relayHourly',
    method: 'POST',
    path: '/wps/relay/MCS2_processContractHourSalary',
    auth: 'token',
    enc: false,
  },
  relayRealtime: {
    id: 'agentContracts.relayRealtime',
    method: 'POST',
    path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    auth: 'token',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
