import type { FastifyInstance } from 'fastify';
import { houseRoutes } from '@banca/contract';
import { registerRoute } from '../../../platform/http/contract-route.ts';
import { playSandboxRound, type SandboxDeps } from './sandbox.service.ts';

/** The sandbox vendor's browser API (outside production only: see ../house-vendors.ts). */
export function registerSandboxRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  registerRoute(app, houseRoutes.sandboxPlay, ({ body }) => playSandboxRound(deps, body));
}
