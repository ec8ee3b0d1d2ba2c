import type { Category } from '@banca/contract';
import type { CoreIconName } from '@/ui';

/** One icon per game category, wherever the category is shown (menu, game centre). */
export const CATEGORY_ICONS: Partial<Record<Category, CoreIconName>> = {
  HOME: 'home',
  FAV: 'star',
  RNG: 'slots',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'cards',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'rooster',
  LOTT: 'ticket',
  ELOTT: 'ticket',
};

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
