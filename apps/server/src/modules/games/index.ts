import type { ServerModule } from '../../platform/http/server-module.ts';
import { CatalogueService } from './catalogue/catalogue.service.ts';
import { registerGamesRoutes } from './games.routes.ts';
import { followCatalogueChanges } from './catalogue/catalogue.events.ts';
import type { LiveChannel } from '../../platform/live/live-channel.ts';
import type { Database, Db } from '../../database.ts';
import { gamesCleanupJob } from './games.jobs.ts';
import { gamesConsumer } from './games.consumer.ts';
import type { OpsAccess } from '../../ops-access.ts';
import { deriveServerSecret } from '../../platform/crypto/derived-secret.ts';
import { createWalletSettings, merchantCurrencyFrom } from '../wallet/index.ts';
import type { SystemService } from '../system/index.ts';
import { vendorSecrets } from './vendor-wallet/vendor-wallet.credentials.ts';
import { registerVendorOpsRoutes } from './vendor-wallet/vendor-ops.routes.ts';
import { registerCatalogueOpsRoutes } from './catalogue/catalogue-ops.routes.ts';
import { registerVendorWalletRoutes } from './vendor-wallet/vendor-wallet.routes.ts';
import { registerRecordRoutes } from './records/bet-record.routes.ts';

/**
 * The games module: the catalogue (vendors, games with names per language, categories and menus),
 * the lobby's list calls, favourites, recent games, the winner board, the catalogue import, and the
 * vendor wallet API (player sessions, vendor credentials, bet records; docs/vendor-api.md).
 * Owns game_vendor, game, game_favorite, game_recent, game_win, game_catalogue_state,
 * vendor_credential, vendor_player_session, vendor_transaction, bet_record, vendor_launch and
 * game_launch; other
 * modules reach them only through what this file exports.
 */
export {
  CatalogueFileError,
  parseCatalogueFile,
  type CatalogueFile,
  type ImportGame,
  type ImportVendor,
} from './catalogue/catalogue-file.ts';
export { importCatalogue, type ImportReport } from './catalogue/catalogue-import.ts';
export { recordRecentGame } from './lobby/member-games.service.ts';
export { ensureVendorLaunch, LAUNCH_TOKEN_TTL_MS } from './launch/launch.service.ts';
export type { OpenMode } from './launch/launch.table.ts';
export { catalogueVendorIds } from './vendor-ids.repository.ts';
export { explainListGames } from './catalogue/catalogue.repository.ts';
export { loadCatalogueSnapshot } from './catalogue/catalogue.service.ts';
export { roundSettled, roundSettledPayload } from './games.events.ts';
export { createTeamBetReader, recentMemberBets } from './records/bet-record.service.ts';
export { settledRoundsPage } from './records/bet-record-reads.repository.ts';
export { openPlayerSession } from './vendor-wallet/player-session.service.ts';
export {
  ensureVendorCredential,
  rotateVendorSecret,
  vendorSecrets,
} from './vendor-wallet/vendor-wallet.credentials.ts';

/** The label of the key vendors' secrets are sealed under (deriveServerSecret). */
export const VENDOR_SEAL_LABEL = 'vendor-credentials';
/** The key vendors' secrets are sealed under: the same on every node. */
export const vendorSealKey = (db: Db): Promise<Buffer> => deriveServerSecret(db, VENDOR_SEAL_LABEL);

export interface GamesModuleDeps {
  db: Db;
  merchantCode: string;
  system: Pick<SystemService, 'whitelabel'>;
  /** /ops access; undefined: no back office (the /ops routes are not registered). */
  ops: OpsAccess | undefined;
  /** Carries catalogue changes to every node (catalogue.events.ts). */
  live: LiveChannel;
}

export const gamesModule: ServerModule<GamesModuleDeps, Database> = {
  name: 'games',
  jobs: () => [gamesCleanupJob],
  // One consumer: the winner board from `games.round-settled`, and `games.catalogue-changed` relayed
  // to every node on the live channel (games.consumer.ts says why it is one).
  consumers: (deps) => [gamesConsumer(deps.live)],
  register: async (app, deps) => {
    const catalogue = new CatalogueService(deps.db);
    const unfollow = followCatalogueChanges(deps.live, (version) => catalogue.cache.changed(version));
    app.addHook('onClose', async () => unfollow());
    registerGamesRoutes(app, {
      db: deps.db,
      catalogue,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
    });
    registerRecordRoutes(app, {
      db: deps.db,
      catalogue,
      settings: createWalletSettings(deps.db),
      merchantCode: deps.merchantCode,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
    });
    const sealKey = await vendorSealKey(deps.db);
    registerVendorWalletRoutes(app, {
      db: deps.db,
      settings: createWalletSettings(deps.db),
      secrets: vendorSecrets(deps.db, sealKey),
    });
    registerVendorOpsRoutes(app, { db: deps.db, sealKey, ops: deps.ops });
    if (deps.ops)
      registerCatalogueOpsRoutes(app, {
        db: deps.db,
        ops: deps.ops,
        changed: (version) => catalogue.cache.changed(version),
      });
  },
};
