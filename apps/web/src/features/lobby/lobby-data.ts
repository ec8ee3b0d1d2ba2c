import type { Category } from '@banca/contract';

/**
 * The home lobby's data: game menu categories (GET /lgw/games/game_menus), notices and the winner
 * board arrive with the games and content issues. Until then: nothing, shown as empty states.
 */
export interface HomeLobby {
  categories: Category[];
  notices: string[];
}
const EMPTY: HomeLobby = { categories: [], notices: [] };
export const useHomeLobby = (): HomeLobby => EMPTY;
