import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import type { Visitor } from '../../platform/http/visitor.ts';
import { issueCaptcha } from './captcha.service.ts';
import type { VerificationDeps } from './verification.deps.ts';

export interface VerificationRouteDeps {
  auth: VerificationDeps;
  merchantCode: string;
  visitor: (request: FastifyRequest) => Visitor;
}

/** GET /wps/captcha. (The SMS code calls check member rows: the member module registers them.) */
export function registerVerificationRoutes(app: FastifyInstance, deps: VerificationRouteDeps): void {
  registerRoute(app, authRoutes.captcha, ({ request }) =>
    issueCaptcha(deps.auth, requestContext(deps, request)),
  );
}
