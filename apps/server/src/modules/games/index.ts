import type { ServerModule } from '../../platform/http/server-module.ts';
import { CatalogueService } from './catalogue.service.ts';
import { registerGamesRoutes } from './games.routes.ts';
import type { Db } from '../../database.ts';

/**
 * The games module: the catalogue (vendors, games with names per language, categories and menus),
 * the lobby's list calls, favourites, recent games, the winner board, and the catalogue import.
 * Owns game_vendor, game, game_favorite, game_recent, game_win and game_catalogue_state; other
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
export { explainListGames, type GameFilter } from './catalogue.repository.ts';
export { roundSettled } from './games.events.ts';
export { maskCustomerName, winnerBoardConsumer } from './winner-board.ts';
export { normalizeSearch } from './search-text.ts';
export { GamesError } from './games.errors.ts';

export interface GamesModuleDeps {
  db: Db;
}

export const gamesModule: ServerModule<GamesModuleDeps> = {
  name: 'games',
  register: (app, deps) => {
    const catalogue = new CatalogueService(deps.db);
    registerGamesRoutes(app, { db: deps.db, catalogue });
  },
};
