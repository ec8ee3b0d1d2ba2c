import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '@/i18n';
import { gameMenusQuery, type MenuCard, type MenuCategory } from '../api/home-api';
import { splitSports } from '../model/menus';

/** A menu category after sports splitting: ESPORTS and COCKFIGHT join the stored game types. */
export interface LobbyCategory extends Omit<MenuCategory, 'title'> {
  title: MenuCategory['title'] | 'ESPORTS' | 'COCKFIGHT';
  cards: MenuCard[];
}

/**
 * The game menus (GET /lgw/games/game_menus) as the lobby shows them: sports split into ESPORTS and
 * COCKFIGHT (spec section 4).
 */
export function useMenus() {
  const { language } = useT();
  const query = useQuery(gameMenusQuery(language));
  const categories = useMemo(
    () => splitSports<MenuCard, LobbyCategory>(query.data?.categories ?? []),
    [query.data],
  );
  return { categories, isPending: query.isPending, isError: query.isError };
}
