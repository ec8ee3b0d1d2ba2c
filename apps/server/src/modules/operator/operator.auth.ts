import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
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
