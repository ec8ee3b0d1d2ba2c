import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useT } from '@/i18n';
import { uiStore } from '@/state';
import { gameMenusQuery, type MenuCard, type MenuCategory } from '../api/home-api';
import { prizeModeOf, splitSports } from '../model/menus';

/** A menu category after sports splitting: ESPORTS and COCKFIGHT join the stored game types. */
export interface LobbyCategory extends Omit<MenuCategory, 'title'> {
  title: MenuCategory['title'] | 'ESPORTS' | 'COCKFIGHT';
  cards: MenuCard[];
}

/**
 * The game menus (GET /lgw/games/game_menus) as the lobby shows them: sports split into ESPORTS and
 * COCKFIGHT (spec section 4); the prize mode it implies is kept in the UI state.
 */
export function useMenus() {
  const { language } = useT();
  const query = useQuery(gameMenusQuery(language));
  const categories = useMemo(
    () => splitSports<MenuCard, LobbyCategory>(query.data?.categories ?? []),
    [query.data],
  );
  useEffect(() => {
    if (query.data) uiStore.set({ prizeMode: prizeModeOf(query.data.categories) });
  }, [query.data]);
  return { categories, isPending: query.isPending, isError: query.isError };
}
