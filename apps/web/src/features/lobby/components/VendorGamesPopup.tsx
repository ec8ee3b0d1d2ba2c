import { useInfiniteQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { closeModalsOfKind, type ModalProps } from '@/state';
import { Button, Empty, Modal } from '@/ui';
import { gameListQuery, type ListGameType } from '../api/lobby-api';
import { useFavourites } from '../hooks/useFavourites';
import { useLaunch } from '../hooks/useLaunch';
import { GameTile, TileSkeletons } from './GameTile';

/** The vendor popup (isGame VASSALAGE, spec section 4): the vendor's games, with load-more. */
export default function VendorGamesPopup({
  props,
  close,
}: {
  props: ModalProps['vendorGames'];
  close: () => void;
}) {
  const { t, language } = useT();
  const launch = useLaunch();
  const favourites = useFavourites();
  const list = useInfiniteQuery(
    gameListQuery(language, {
      gameType: (props.gameType || 'RNG') as ListGameType,
      vassalage: props.vassalage,
    }),
  );
  const games = list.data?.pages.flatMap((page) => page.games) ?? [];
  return (
    <Modal title={props.title} onClose={close} size="lg">
      {list.isError ? (
        <Empty title={t('lobby.loadFailed')} icon="wifiOff" compact />
      ) : !list.isPending && games.length === 0 ? (
        <Empty title={t('games.noGames')} icon="slots" compact />
      ) : (
        <ul className="tile-grid">
          {games.map((game) => (
            <GameTile
              key={game.nodeId}
              game={game}
              favourite={favourites.isFavourite(game.nodeId)}
              onFavourite={favourites.toggle}
              onPlay={(g) => {
                closeModalsOfKind('vendorGames');
                launch({ ...g, isGame: 'GAME' });
              }}
            />
          ))}
          {list.isPending && <TileSkeletons count={6} />}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="load-more">
          <Button variant="outline" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('lobby.loadMore')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
