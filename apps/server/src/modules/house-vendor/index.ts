import type { ServerModule } from '../../platform/http/server-module.ts';
import type { Database, Db } from '../../database.ts';
import { vendorSealKey, vendorSecrets } from '../games/index.ts';
import { gatewayWallet, type GatewayWallet } from './gateway-wallet.ts';
import { registerHouseVendorRoutes } from './house-vendor.routes.ts';
import { registerHouseVendors } from './house-vendors.ts';
import { registerSandboxRoutes } from './sandbox/sandbox.routes.ts';
import { deriveServerSecret } from '../../platform/crypto/derived-secret.ts';
import { lotteryGames, parsePeriodOverrides } from './lottery/lottery-games.ts';
import { startLotteryLoop } from './lottery/lottery.jobs.ts';
import { registerLotteryRoutes } from './lottery/lottery.routes.ts';
import { lotteryService } from './lottery/lottery.service.ts';
import { registerLotteryDevRoutes, sandboxLotteryClock } from './lottery/lottery-clock.ts';
import { houseRecoveryJob } from './house-recovery.ts';
import { houseCleanupJob } from './house-vendor.jobs.ts';

/**
 * The house vendor (issue 11 item 3; docs/house-games.md): Banca's own game vendor. It runs in the
 * gateway's process but is built as an outside vendor would be: its own tables (house_session, ...),
 * its own browser API under /house/api and pages under /house, and every money movement a signed
 * call to the gateway's vendor wallet API over HTTP (gateway-wallet.ts). It reaches the games module
 * only through what that module offers any vendor (credentials, launch registration).
 */
export { registerHouseVendors } from './house-vendors.ts';
export { requireHousePlayer } from './house-session.ts';
export { gatewayWallet, type GatewayWallet } from './gateway-wallet.ts';
export { lotteryService, type LotteryService } from './lottery/lottery.service.ts';
export { lotteryGames, parsePeriodOverrides } from './lottery/lottery-games.ts';
export { recoverHouseRounds } from './house-recovery.ts';

export interface HouseVendorModuleDeps {
  db: Db;
  /** HOUSE_GATEWAY_URL, or undefined for this node's own address over loopback. */
  houseGatewayUrl: string | undefined;
  /** Sandboxes run (everywhere but production): the sandbox vendor plays too. */
  sandbox: boolean;
  /** LOTTERY_PERIOD_SECONDS (lottery-games.ts). */
  lotteryPeriodSeconds: string | undefined;
  /** LOTTERY_TICK_SECONDS: the draw loop's interval on this node; 0 = off. */
  lotteryTickSeconds: number;
}

export const houseVendorModule: ServerModule<HouseVendorModuleDeps, Database> = {
  name: 'house-vendor',
  // The recovery job needs the wallet client register built (kept on the app for it and for tests).
  jobs: (_deps, app) => [houseCleanupJob, houseRecoveryJob(app.houseWallet)],
  register: async (app, deps) => {
    const sealKey = await vendorSealKey(deps.db);
    await registerHouseVendors(deps.db, sealKey, { sandbox: deps.sandbox });
    const secrets = vendorSecrets(deps.db, sealKey);
    const gatewayUrl = (): string => {
      if (deps.houseGatewayUrl) return deps.houseGatewayUrl;
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the gateway is not listening yet');
      const host =
        address.family === 'IPv6'
          ? `[${loopbackOf(address.address, '::1')}]`
          : loopbackOf(address.address, '127.0.0.1');
      return `http://${host}:${address.port}`;
    };
    const wallet = gatewayWallet({
      gatewayUrl,
      secretOf: async (vendor) => {
        const [current] = (await secrets.secretsOf(vendor)) ?? [];
        if (!current) throw new Error(`house vendor ${vendor} has no credentials`);
        return current;
      },
    });
    registerHouseVendorRoutes(app, { db: deps.db, wallet, sandbox: deps.sandbox });
    if (deps.sandbox) {
      registerSandboxRoutes(app, {
        db: deps.db,
        wallet,
        outcomeSecret: await deriveServerSecret(deps.db, 'sandbox-vendor-outcomes'),
      });
    }
    // Outside production the lottery's clock can be moved forward (lottery-clock.ts), for journeys
    // that must not race a real draw.
    const clock = deps.sandbox ? sandboxLotteryClock() : undefined;
    const lottery = lotteryService({
      db: deps.db,
      wallet,
      games: lotteryGames(parsePeriodOverrides(deps.lotteryPeriodSeconds)),
      ...(clock ? { clock: clock.now } : {}),
    });
    registerLotteryRoutes(app, lottery);
    if (clock) registerLotteryDevRoutes(app, lottery, clock);
    // (The house pages may be framed by the site itself: app.ts, frame-ancestors 'self'.)
    if (deps.lotteryTickSeconds > 0) {
      let loop: { stop(): Promise<void> } | undefined;
      // After listen: the loop's wallet calls go to this node's own address.
      app.addHook('onListen', () => {
        loop = startLotteryLoop(lottery, deps.lotteryTickSeconds, app.log);
      });
      app.addHook('onClose', async () => loop?.stop());
    }
    app.decorate('houseWallet', wallet);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The house vendor's signed client of the gateway's vendor wallet API (tests drive recovery with it). */
    houseWallet: GatewayWallet;
  }
}

/** A wildcard listening address (0.0.0.0, ::) is reached over loopback. */
const loopbackOf = (address: string, loopback: string): string =>
  address === '0.0.0.0' || address === '::' ? loopback : address;
