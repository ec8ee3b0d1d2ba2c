import type { ServerModule } from '../../platform/http/server-module.ts';
import { CatalogueService } from './catalogue.service.ts';
import { registerGamesRoutes } from './games.routes.ts';
import type { Database, Db } from '../../database.ts';
import { gamesCleanupJob } from './games.jobs.ts';
import { winnerBoardConsumer } from './winner-board.ts';
import type { OpsAccess } from '../../ops-access.ts';
import { deriveServerSecret } from '../../platform/crypto/derived-secret.ts';
import { createWalletSettings, merchantCurrencyFrom } from '../wallet/index.ts';
import type { SystemService } from '../system/index.ts';
import { vendorSecrets } from './vendor-wallet.credentials.ts';
import { registerVendorOpsRoutes } from './vendor-ops.routes.ts';
import { registerVendorWalletRoutes } from './vendor-wallet.routes.ts';
import { registerRecordRoutes } from './bet-record.routes.ts';

/**
 * The games module: the catalogue (vendors, games with names per language, categories and menus),
 * the lobby's list calls, favourites, recent games, the winner board, the catalogue import, and the
 * vendor wallet API (player sessions, vendor credentials, bet records; docs/vendor-api.md).
 * Owns game_vendor, game, game_favorite, game_recent, game_win, game_catalogue_state,
 * vendor_credential, vendor_player_session, vendor_transaction, bet_record, vendor_launch and
 * game_launch; other
 * modules reach them only through what this file exports.
 */
export { CatalogueService } from './catalogue.service.ts';
export {
  CatalogueFileError,
  importCatalogue,
  parseCatalogueFile,
  type CatalogueFile,
  type ImportGame,
  type ImportReport,
  type ImportVendor,
  type RowError,
} from './catalogue-import.ts';
export { recordRecentGame } from './member-games.service.ts';
export { ensureVendorLaunch, LAUNCH_TOKEN_TTL_MS } from './launch.service.ts';
export type { OpenMode } from './launch.table.ts';
export { catalogueVendorIds } from './vendor-ids.repository.ts';
export { explainListGames, type GameFilter } from './catalogue.repository.ts';
export { roundSettled } from './games.events.ts';
export { maskCustomerName } from './winner-board.ts';
export { normalizeSearch } from './search-text.ts';
export { GamesError } from './games.errors.ts';
export {
  openPlayerSession,
  PLAYER_SESSION_TTL_MS,
  type OpenedPlayerSession,
} from './player-session.service.ts';
export {
  ensureVendorCredential,
  rotateVendorSecret,
  ROTATION_GRACE_MS,
  vendorSecrets,
  type VendorSecrets,
} from './vendor-wallet.credentials.ts';

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
}

export const gamesModule: ServerModule<GamesModuleDeps, Database> = {
  name: 'games',
  jobs: () => [gamesCleanupJob],
  // The winner board reads `games.round-settled` (recorded by the play issue's settlement).
  consumers: () => [winnerBoardConsumer],
  register: async (app, deps) => {
    const catalogue = new CatalogueService(deps.db);
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
  },
};
