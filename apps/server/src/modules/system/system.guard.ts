import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@banca/contract';
import { AppError } from '../../platform/http/app-error.ts';
import { isGuardedPath } from '../../platform/http/api-paths.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import type { SystemService } from './system.service.ts';

/**
 * While in maintenance (503) or for a blocked visitor (403), member-facing calls are refused before
 * any module runs. /wps/system/* stays open so the client can render the maintenance or blocked page.
 */
export function installSystemGuard(
  app: FastifyInstance,
  deps: { system: SystemService; visitor: (request: FastifyRequest) => Visitor },
): void {
  // Every request passes here: callback style, answered from the cached settings when they are fresh
  // (no promise), and the visitor worked out only when a region rule could apply to it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isGuardedPath(request.url)) return done();
    const visitor = () => deps.visitor(request);
    const settle = (refusal: ErrorCode | null) => done(refusal ? new AppError(refusal) : undefined);
    const cached = deps.system.guardCached(visitor);
    if (cached !== undefined) return settle(cached);
    deps.system.guard(visitor).then(settle, done);
  });
}
