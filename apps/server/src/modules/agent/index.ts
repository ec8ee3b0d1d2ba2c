import type { Db } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerAgentRoutes } from './agent.routes.ts';

/**
 * The agent module: the agent centre's calls (team overview now; team reports, contracts, dividends
 * and salaries later). It owns no tables yet: the downline is the member module's parent links,
 * read through the member service.
 */

export interface AgentModuleDeps {
  db: Db;
  auth: { clock: () => Date };
}

export const agentModule: ServerModule<AgentModuleDeps> = {
  name: 'agent',
  register: (app, deps) => registerAgentRoutes(app, { db: deps.db, clock: deps.auth.clock }),
};
