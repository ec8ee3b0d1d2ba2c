import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { SystemService } from '../system/index.ts';
import { createWalletSettings, merchantCurrencyFrom } from '../wallet/index.ts';
import { createSettlementClockAhead, type SettlementClockAhead } from './agent-contracts.clock-ahead.ts';
import { agentContractsConsumer } from './agent-contracts.consumer.ts';
import { registerAgentContractDevRoutes } from './agent-contracts.dev-routes.ts';
import { agentContractJobs } from './agent-contracts.jobs.ts';
import { registerAgentContractOpsRoutes } from './agent-contracts.ops-routes.ts';
import { registerAgentContractRoutes } from './agent-contracts.routes.ts';
import type { SettlementDeps } from './agent-contracts.settlement.ts';

/**
 * Agent contracts (issue 24): dividend, daily-wage, hourly and real-time salary contracts between an
 * agent and its direct downline agents, their lifecycle and their settlement. Owns agent_contract,
 * agent_contract_settlement, agent_contract_debt, agent_contract_settings and agent_contract_round
 * (its consumer's copy of the team's settled lottery rounds, for real-time salaries); reads the tree
 * through the member face, team figures through the reports face (hour rollups per product), and moves money only through the wallet's
 * ledger transfer. docs/agent-centre.md "Contracts and settlement".
 */

export interface AgentContractsModuleDeps {
  db: Db;
  merchantCode: string;
  visitor: (request: FastifyRequest) => Visitor;
  system: Pick<SystemService, 'whitelabel'>;
  auth: { clock: () => Date };
  /** Present only outside production: then the dev settle route is registered too. */
  captchas: unknown;
  agentSettlementSeconds?: number;
  agentSalarySettlementSeconds?: number;
  /** /ops access; undefined: no back office (the /ops contract calls are not registered). */
  ops?: OpsAccess | undefined;
}

/** The agent module's income report reads contract pay (by kind and period) and debt repayments
 *  (received and withheld, by period) through these. */
export { contractIncomeByPeriod, debtRepaymentsByPeriod } from './agent-contracts.income.ts';

function settlementDeps(deps: AgentContractsModuleDeps): SettlementDeps {
  const settings = createWalletSettings(deps.db);
  return {
    db: deps.db,
    clock: deps.auth.clock,
    merchantCode: deps.merchantCode,
    merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
    timeZone: async (code) => (await settings.get(code)).timeZone,
  };
}

export const agentContractsModule: ServerModule<AgentContractsModuleDeps, Database> = {
  name: 'agent-contracts',
  register: (app, deps) => {
    registerAgentContractRoutes(app, { db: deps.db, clock: deps.auth.clock }, settlementDeps(deps));
    // Development only: the contracts a journey sets ahead of the jobs' clock (dev route).
    const ahead = deps.captchas ? createSettlementClockAhead() : undefined;
    app.decorate('agentContractsClockAhead', ahead);
    if (ahead) registerAgentContractDevRoutes(app, settlementDeps(deps), ahead);
    if (deps.ops)
      registerAgentContractOpsRoutes(app, { ...settlementDeps(deps), ops: deps.ops, access: deps.ops });
  },
  jobs: (deps, app) => {
    const { db: _db, ...rest } = settlementDeps(deps);
    return agentContractJobs(
      rest,
      deps.agentSettlementSeconds,
      deps.agentSalarySettlementSeconds,
      app.agentContractsClockAhead,
    );
  },
  consumers: () => [agentContractsConsumer()],
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Development only (undefined otherwise): contracts whose scheduled settlement runs ahead. */
    agentContractsClockAhead: SettlementClockAhead | undefined;
  }
}
