import type { FastifyRequest } from 'fastify';
import type { OpsAccess } from '../../ops-access.ts';
import type { Db } from '../../database.ts';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { SystemService } from '../system/index.ts';
import { contractIncomeByPeriod, debtRepaymentsByPeriod } from '../agent-contracts/index.ts';
import { createTeamBetReader } from '../games/index.ts';
import { createWalletSettings, merchantCurrencyFrom } from '../wallet/index.ts';
import { registerAgentOpsRoutes } from './agent-ops.routes.ts';
import { registerAgentRoutes } from './agent.routes.ts';

/**
 * The agent module: the agent centre's calls (team overview and period figures, downline lists,
 * register centre, invitation codes, promote) and their back-office calls. It owns one table,
 * agent_settings (the operator's agent rules: may agents promote); the downline tree is the member module's (closure table, read through its face), the figures the
 * reports module's member rollups, balances the wallet's, last logins the session's.
 */

export interface AgentModuleDeps {
  db: Db;
  merchantCode: string;
  serverKey: ServerKey;
  visitor: (request: FastifyRequest) => Visitor;
  system: Pick<SystemService, 'whitelabel'>;
  auth: { clock: () => Date };
  /** Agents may promote a direct downline member to agent (config AGENT_PROMOTE): the default until
   *  an operator sets it in the back office (agent_settings). */
  agentPromote: boolean;
  /** /ops access; undefined: no back office (the /ops routes are not registered). */
  ops: OpsAccess | undefined;
}

export const agentModule: ServerModule<AgentModuleDeps> = {
  name: 'agent',
  register: (app, deps) => {
    const settings = createWalletSettings(deps.db);
    const base = {
      db: deps.db,
      clock: deps.auth.clock,
      merchantCode: deps.merchantCode,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
      timeZone: async (code: string) => (await settings.get(code)).timeZone,
    };
    registerAgentRoutes(app, {
      ...base,
      serverKey: deps.serverKey,
      visitor: deps.visitor,
      teamBets: createTeamBetReader(deps.db),
      promoteDefault: deps.agentPromote,
      // The income report's contract pay: the agent-contracts module's settlements, through its face.
      contractIncome: (memberId, bounds) => contractIncomeByPeriod(deps.db, memberId, bounds),
      // Debt repayments (late pay received, own pay withheld to repay), through the same face.
      debtRepayments: (memberId, bounds) => debtRepaymentsByPeriod(deps.db, memberId, bounds),
    });
    if (deps.ops)
      registerAgentOpsRoutes(app, {
        ...base,
        ops: deps.ops,
        access: deps.ops,
        promoteDefault: deps.agentPromote,
      });
  },
};
