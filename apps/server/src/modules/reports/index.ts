import type { Database, Db } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { SystemService } from '../system/index.ts';
import { createWalletSettings, merchantCurrencyFrom } from '../wallet/index.ts';
import { reportsConsumer } from './reports.consumer.ts';
import { registerReportsRoutes } from './reports.routes.ts';

/**
 * The reports module: rollups of play and money per merchant day (docs/reports.md), kept current by
 * its consumer of games.round-settled, wallet.deposit-credited, wallet.withdrawal-paid,
 * wallet.bonus-credited and member.registered, rebuilt from the sources by `npm run
 * reports:rebuild`. Owns report_game_day, report_day, report_registration_day,
 * report_active_player, report_member_day, report_team_day, report_team_active, report_team_hour and
 * report_fact. Reads: the back-office dashboard (GET /ops/reports/dashboard and `dashboard`), the agent
 * centre's figures (`memberDaily` per member, `teamDaily` and `teamActiveMembers` per agent's team)
 * and the contracts' settlement figures (`teamHourMembers`: a team with its head, per product, over
 * merchant hours; `merchantHour` cuts an instant to its hour).
 */
export { dashboard, memberDaily, teamActiveMembers, teamDaily } from './reports.service.ts';
export { merchantHour } from './reports.days.ts';
export { teamHourMembers, teamsHourMembers, type TeamHourMember } from './reports.team-hour.repository.ts';
export { rebuildReports } from './reports.rebuild.ts';

export interface ReportsModuleDeps {
  db: Db;
  merchantCode: string;
  system: Pick<SystemService, 'whitelabel'>;
  ops: OpsAccess | undefined;
}

export const reportsModule: ServerModule<ReportsModuleDeps, Database> = {
  name: 'reports',
  consumers: (deps) => [reportsConsumer(deps)],
  register: (app, deps) => {
    registerReportsRoutes(app, {
      db: deps.db,
      merchantCode: deps.merchantCode,
      settings: createWalletSettings(deps.db),
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
      ops: deps.ops,
    });
  },
};
