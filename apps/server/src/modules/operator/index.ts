import type { ServerModule } from '../../platform/http/server-module.ts';
import { registerOperatorRoutes } from './operator.routes.ts';

/** The operator module: the back-office API (bearer OPERATOR_TOKEN). It owns no tables: settings are
 *  changed through the system module's service. */
export const operatorModule: ServerModule<Parameters<typeof registerOperatorRoutes>[1]> = {
  name: 'operator',
  register: registerOperatorRoutes,
};
export { bootstrapOpsAccess } from './operator.auth.ts';
