import { useT } from '@/i18n';
import { Button, Empty } from '@/ui';
import type { Game } from '../api/lobby-api';
import { useFavourites } from '../hooks/useFavourites';
import { useLaunch } from '../hooks/useLaunch';
import { GameTile, TileSkeletons } from './GameTile';

/** A list of game tiles with skeletons while loading, a load-more button and the no-data message. */
export function GameGrid({
  games,
  pending,
  error,
  hasMore,
  loadingMore,
  onMore,
  empty,
}: {
  games: readonly Game[];
  pending: boolean;
  error?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  empty: string;
}) {
  const { t } = useT();
  const launch = useLaunch();
  const favourites = useFavourites();
  if (error) return <Empty title={t('lobby.loadFailed')} icon="wifiOff" />;
  if (!pending && games.length === 0)
    return <Empty title={empty} hint={t('common.noDataHint')} icon="slots" />;
  return (
    <>
      <ul className="tile-grid tile-grid--list" aria-busy={pending || loadingMore}>
        {games.map((game) => (
          <GameTile
            key={game.nodeId}
            game={game}
            favourite={favourites.isFavourite(game.nodeId)}
            onFavourite={favourites.toggle}
            onPlay={launch}
          />
        ))}
        {(pending || loadingMore) && <TileSkeletons count={6} />}
      </ul>
      {hasMore && !pending && (
        <div className="load-more">
          <Button variant="outline" busy={loadingMore} onClick={onMore}>
            {t('lobby.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
