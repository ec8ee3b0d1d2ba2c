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
