import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { OpsAccess } from '../../ops-access.ts';
import { AppError } from '../../platform/http/app-error.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time (hashes make lengths equal). */
export function operatorAuth(token: string): onRequestHookHandler {
  const expected = digest(token);
  return async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      throw new AppError('not_logged_in');
    }
  };
}

/**
 * Transitional OpsAccess: the one shared OPERATOR_TOKEN acts as an admin named `bootstrap`, and the
 * audit goes to the log. Named operator accounts with their own logins and an append-only audit
 * table replace it (issue 9, operator money API).
 */
export function bootstrapOpsAccess(token: string, log: { info(obj: object, msg: string): void }): OpsAccess {
  const check = operatorAuth(token);
  return {
    require: () =>
      async function (this: FastifyInstance, request, reply) {
        await check.call(this, request, reply, () => {});
        request.operator = { id: 0, username: 'bootstrap', role: 'admin' };
      },
    audit: async (_db, entry) => {
      log.info({ audit: entry }, 'operator action');
    },
  };
}
