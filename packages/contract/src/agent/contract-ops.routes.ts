import { defineRoute } from '../route.ts';
import { agentContractOpsCalls } from './contract-ops.calls.ts';
import {
  opsContractDetailSchema,
  opsContractParamsSchema,
  opsContractSettingsValueSchema,
  opsContractsPageSchema,
  opsContractsQuerySchema,
  opsContractSchema,
  opsDebtsPageSchema,
  opsDebtsQuerySchema,
  opsEndContractBodySchema,
  opsPutContractSettingsBodySchema,
  opsRerunBodySchema,
  opsRerunValueSchema,
  opsRunsPageSchema,
  opsRunsQuerySchema,
} from './contract-ops.schemas.ts';

const tags = ['ops', 'agent', 'contracts'];

/**
 * The back office's contract calls (issue 24 item 6; docs/agent-centre.md "Back office: contracts").
 * contracts.read (admin): the contracts and the settings; contracts.settlements (admin, finance):
 * settlement runs and debts; contracts.manage (admin): end a contract, re-run a period, change the
 * settings, each audited.
 */
export const agentContractOpsRoutes = {
  opsContracts: defineRoute(agentContractOpsCalls.opsContracts, {
    summary: 'Contracts by kind, status and party account, newest first (keyset by id)',
    tags,
    query: opsContractsQuerySchema,
    response: opsContractsPageSchema,
  }),
  opsContract: defineRoute(agentContractOpsCalls.opsContract, {
    summary: 'One contract: parties, tiers, status history and its settlements with their inputs',
    tags,
    params: opsContractParamsSchema,
    response: opsContractDetailSchema,
  }),
  opsEndContract: defineRoute(agentContractOpsCalls.opsEndContract, {
    summary: 'End an offered, active or termination-requested contract with a reason (audited)',
    tags,
    body: opsEndContractBodySchema,
    response: opsContractSchema,
  }),
  opsRuns: defineRoute(agentContractOpsCalls.opsRuns, {
    summary: 'Settlement runs: per (kind, period) contracts settled, paid, debt recorded and failed',
    tags,
    query: opsRunsQuerySchema,
    response: opsRunsPageSchema,
  }),
  opsRerun: defineRoute(agentContractOpsCalls.opsRerun, {
    summary:
      'Settle again the last whole period before a merchant day; settled (contract, period) pairs move nothing',
    tags,
    body: opsRerunBodySchema,
    response: opsRerunValueSchema,
  }),
  opsDebts: defineRoute(agentContractOpsCalls.opsDebts, {
    summary: 'Open debts of uplines short of funds, with the settlements that created them',
    tags,
    query: opsDebtsQuerySchema,
    response: opsDebtsPageSchema,
  }),
  opsSettings: defineRoute(agentContractOpsCalls.opsSettings, {
    summary: 'The contract kinds enabled, the rate caps and the active member threshold',
    tags,
    response: opsContractSettingsValueSchema,
  }),
  opsPutSettings: defineRoute(agentContractOpsCalls.opsPutSettings, {
    summary: 'Replace the contract settings (audited with before and after)',
    tags,
    body: opsPutContractSettingsBodySchema,
    response: opsContractSettingsValueSchema,
  }),
} as const;
