import type { Db } from '../../database.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { createOpsAccess, type OperatorAccess } from './operator.auth.ts';
import { registerOperatorRoutes, type OperatorRouteDeps } from './operator.routes.ts';
import type { OperatorDeps } from './operator.service.ts';

/**
 * The operator module: the back office's identity and memory. Named operator accounts (login, role,
 * disable), their sessions, the append-only audit, and the OpsAccess every module's /ops routes use.
 * Owns the operator, operator_session and operator_audit tables. The shared OPERATOR_TOKEN remains
 * only as the bootstrap admin that creates the first named operators (and keeps the system settings
 * routes working). System settings are changed through the system module's service.
 */
export const operatorModule: ServerModule<OperatorRouteDeps> = {
  name: 'operator',
  register: registerOperatorRoutes,
};

export type { OperatorAccess } from './operator.auth.ts';
export type { OperatorDeps } from './operator.service.ts';

/**
 * The back office of one gateway, or undefined when OPERATOR_TOKEN is unset (then no /ops route is
 * registered and every /ops path answers 404 like any unknown path).
 */
export function createBackOffice(args: {
  db: Db;
  merchantCode: string;
  bootstrapToken: string | undefined;
  limits: { perAccount: RateLimiter; perIp: RateLimiter };
  clock?: () => Date;
}): { ops: OperatorAccess; operatorDeps: OperatorDeps } | undefined {
  if (!args.bootstrapToken) return undefined;
  const operatorDeps: OperatorDeps = {
    db: args.db,
    merchantCode: args.merchantCode,
    clock: args.clock ?? (() => new Date()),
    limits: args.limits,
  };
  return { ops: createOpsAccess({ ...operatorDeps, bootstrapToken: args.bootstrapToken }), operatorDeps };
}
