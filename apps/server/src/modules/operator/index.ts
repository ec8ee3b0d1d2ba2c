import type { FastifyRequest } from 'fastify';
import type { Db } from '../../database.ts';
import { deriveServerSecret } from '../../platform/crypto/derived-secret.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { createOpsAccess, type OperatorAccess } from './operator.auth.ts';
import { registerOperatorRoutes, type OperatorRouteDeps } from './operator.routes.ts';
import { ensureOperator, type OperatorDeps } from './operator.service.ts';

/**
 * The operator module: the back office's identity and memory. Named operator accounts (login with a
 * password and a TOTP code, role, IP allow-list, disable), their sessions (bearer token or the
 * back-office app's httpOnly cookie), the append-only audit, and the OpsAccess every module's /ops
 * routes use. Owns the operator, operator_session, operator_login_challenge, operator_recovery_code
 * and operator_audit tables. The shared OPERATOR_TOKEN, when set, is only the bootstrap admin that
 * creates the first named operators (and keeps the system settings routes working). System settings
 * are changed through the system module's service.
 */
export const operatorModule: ServerModule<OperatorRouteDeps> = {
  name: 'operator',
  register: registerOperatorRoutes,
};

export type { OperatorAccess } from './operator.auth.ts';
export type { OperatorDeps } from './operator.service.ts';

/**
 * The back office of one gateway. Always on: named operators log in with a password and a TOTP
 * code; without OPERATOR_TOKEN there is simply no bootstrap credential (the first admin then comes
 * from the demo seed outside production, or from a start with the token).
 */
export function createBackOffice(args: {
  db: Db;
  merchantCode: string;
  bootstrapToken: string | undefined;
  limits: { perAccount: RateLimiter; perIp: RateLimiter };
  ip: (request: FastifyRequest) => string;
  siteOrigins: readonly string[];
  clock?: () => Date;
}): { ops: OperatorAccess; operatorDeps: OperatorDeps } {
  let key: Promise<Buffer> | undefined;
  const operatorDeps: OperatorDeps = {
    db: args.db,
    merchantCode: args.merchantCode,
    clock: args.clock ?? (() => new Date()),
    limits: args.limits,
    // Derived on first use (after ensureServerKey), the same on every node.
    totpKey: () => (key ??= deriveServerSecret(args.db, 'operator-totp-secret')),
  };
  return {
    ops: createOpsAccess({
      ...operatorDeps,
      bootstrapToken: args.bootstrapToken,
      ip: args.ip,
      siteOrigins: args.siteOrigins,
    }),
    operatorDeps,
  };
}

/** The demo admin of the demo seed (never in production): enrols its authenticator at first login. */
export const DEMO_ADMIN = { username: 'admin01', password: 'DemoAdmin1234', role: 'admin' } as const;

/** Creates the demo admin unless it exists; true when created. */
export const seedDemoAdmin = (db: Db, merchantCode: string): Promise<boolean> =>
  ensureOperator({ db, merchantCode }, { ...DEMO_ADMIN, createdBy: 'demo-seed' });
