import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  app.addHook('onRequest', async (request) => {
    if (!isGuardedPath(request.url)) return;
    const refusal = await deps.system.guard(deps.visitor(request));
    if (refusal) throw new AppError(refusal);
  });
}
