import { FAVOURITE_THROTTLE_MS } from '@banca/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { openLogin } from '@/features/auth';
import { useUi } from '@/state';
import { addFavoriteCall, favoriteIdsQuery, removeFavoriteCall, type Game } from '../api/lobby-api';
import { addFavourite, removeFavourite } from '../model/favourites';
import { throttle } from '@/lib/throttle';

const ID_KEY = ['games', 'favoriteIds'] as const;
const LIST_KEY = ['games', 'favorites'] as const;

/**
 * Spec section 4: the change is applied to the local lists first (an add is skipped when the game is
 * already there, a remove filters it out), then the server is called; on failure the server's lists
 * are fetched again. The toggle is throttled to once a second (section 9), across all tiles.
 */
const toggle = async (client: QueryClient, game: Game, on: boolean) => {
  client.setQueriesData<string[]>({ queryKey: ID_KEY }, (ids) =>
    ids
      ? on
        ? ids.includes(game.nodeId)
          ? ids
          : [game.nodeId, ...ids]
        : ids.filter((id) => id !== game.nodeId)
      : ids,
  );
  client.setQueriesData<Game[]>({ queryKey: LIST_KEY }, (list) =>
    list ? [...(on ? addFavourite(list, game) : removeFavourite(list, game.nodeId))] : list,
  );
  try {
    await (on ? addFavoriteCall(game) : removeFavoriteCall(game));
  } finally {
    void client.invalidateQueries({ queryKey: ID_KEY });
    void client.invalidateQueries({ queryKey: LIST_KEY });
  }
};

const throttledToggle = throttle(
  (client: QueryClient, game: Game, on: boolean) => void toggle(client, game, on).catch(() => undefined),
  FAVOURITE_THROTTLE_MS,
);

export function useFavourites() {
  const client = useQueryClient();
  const memberId = useUi((state) => state.memberInfo?.id);
  const isLogin = useUi((state) => state.isLogin);
  const ids = useQuery(favoriteIdsQuery(isLogin ? memberId : undefined)).data;
  const set = useMemo(() => new Set(ids ?? []), [ids]);
  return {
    isFavourite: (nodeId: string) => set.has(nodeId),
    toggle: (game: Game) => {
      if (!isLogin) {
        openLogin();
        return;
      }
      throttledToggle(client, game, !set.has(game.nodeId));
    },
  };
}
