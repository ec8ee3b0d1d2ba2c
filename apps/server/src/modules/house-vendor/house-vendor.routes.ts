import type { FastifyInstance } from 'fastify';
import { houseRoutes } from '@banca/contract';
import type { Db } from '../../database.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import type { GatewayWallet } from './gateway-wallet.ts';
import { fairnessState, rotateSeed, setClientSeed } from './house-fairness.service.ts';
import { playRound } from './house-play.service.ts';
import { getRound, listRounds } from './house-rounds.service.ts';
import { openHouseSession, requireHousePlayer } from './house-session.ts';
import { houseVendorIds } from './house-vendors.ts';
import { HouseError } from './house-vendor.errors.ts';

export interface HouseVendorRouteDeps {
  db: Db;
  wallet: GatewayWallet;
  sandbox: boolean;
}

/** The house vendor's browser API under /house/api (contract: house.routes.ts). */
export function registerHouseVendorRoutes(app: FastifyInstance, deps: HouseVendorRouteDeps): void {
  const { db } = deps;
  const vendors = new Set(houseVendorIds(deps.sandbox).map((v) => v.vendor));
  registerRoute(app, houseRoutes.openSession, ({ body }) => {
    // Only the house's own vendor ids: the page names one, and the exchange is signed as it.
    if (!vendors.has(body.vendor)) throw new HouseError('house_launch_invalid');
    return openHouseSession(db, deps.wallet, body);
  });

  registerRoute(app, houseRoutes.spin, async ({ body }) => {
    const player = await requireHousePlayer(db, body.session);
    const { requestId, betPerLine, lines } = body;
    return playRound(deps, player, { game: 'slot', requestId, bet: { betPerLine, lines } });
  });
  registerRoute(app, houseRoutes.roll, async ({ body }) => {
    const player = await requireHousePlayer(db, body.session);
    const { requestId, stake, direction, target } = body;
    return playRound(deps, player, { game: 'dice', requestId, bet: { stake, direction, target } });
  });

  registerRoute(app, houseRoutes.fairness, async ({ body }) =>
    fairnessState(db, await requireHousePlayer(db, body.session)),
  );
  registerRoute(app, houseRoutes.setClientSeed, async ({ body }) =>
    setClientSeed(db, await requireHousePlayer(db, body.session), body.clientSeed),
  );
  registerRoute(app, houseRoutes.rotateSeed, async ({ body }) =>
    rotateSeed(db, await requireHousePlayer(db, body.session)),
  );
  registerRoute(app, houseRoutes.rounds, async ({ body }) =>
    listRounds(db, await requireHousePlayer(db, body.session), body),
  );
  registerRoute(app, houseRoutes.round, async ({ body }) =>
    getRound(db, await requireHousePlayer(db, body.session), body.roundId),
  );
}
