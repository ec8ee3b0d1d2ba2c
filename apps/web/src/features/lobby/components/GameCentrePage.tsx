import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Category } from '@banca/contract';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Empty } from '@/ui';
import { gameListQuery } from '../api/lobby-api';
import { useLaunch } from '../hooks/useLaunch';
import { useMenus } from '../hooks/useMenus';
import { CATEGORY_ICONS } from '../lobby-data';
import { COCKFIGHT_VENDORS } from '../model/menus';
import { GameGrid } from './GameGrid';
import { TileSkeletons } from './GameTile';
import { VendorTile } from './VendorTile';

const BY_PATH: Record<string, Category> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
  '/cockfight': 'COCKFIGHT',
};

/**
 * Cockfight's games (stored as SPORTS under the cockfight vendors, spec section 4), listed under its
 * vendors: the home section's 'more' leads to the games themselves.
 */
function CockfightGames({ vassalage }: { vassalage: string }) {
  const { t, language } = useT();
  const list = useInfiniteQuery(gameListQuery(language, { gameType: 'SPORTS', vassalage }));
  return (
    <GameGrid
      games={list.data?.pages.flatMap((page) => page.games) ?? []}
      pending={list.isPending}
      error={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onMore={() => void list.fetchNextPage()}
      empty={t('games.noGames')}
    />
  );
}

/**
 * /sports, /esports, /lott, /elott, /cockfight: the game centre, the category's vendor (or lottery)
 * cards from the game menus after sports splitting; a card launches by the spec's routing (lotteries to
 * their pages, vendors to their popup). /cockfight lists its games below its vendors.
 */
export default function GameCentrePage() {
  const { t } = useT();
  const category = BY_PATH[useLocation().pathname] ?? 'SPORTS';
  const navigate = useNavigate();
  const launch = useLaunch();
  const { categories, isPending, isError } = useMenus();
  const cards = categories.find((c) => c.title === category)?.cards ?? [];
  const name = t(`category.${category}`);
  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{name}</h1>
        <p className="page__lead">{t('games.centreTitle', { category: name })}</p>
      </header>
      <section aria-label={t('games.vendors')}>
        {isError ? (
          <Empty title={t('lobby.loadFailed')} icon="wifiOff" />
        ) : !isPending && cards.length === 0 ? (
          <Empty
            title={t('games.noVendors')}
            hint={t('common.noDataHint')}
            icon={CATEGORY_ICONS[category] ?? 'gem'}
          />
        ) : (
          <ul className="tile-grid tile-grid--vendors">
            {isPending ? (
              <TileSkeletons count={4} kind="vendor" />
            ) : (
              cards.map((card) => (
                <VendorTile
                  key={`${card.vassalage}-${card.gameCode ?? ''}`}
                  card={card}
                  onPlay={() => launch({ ...card, gameName: card.displayName })}
                  onOpen={() => void navigate(`${paths.rng}?vassalage=${encodeURIComponent(card.vassalage)}`)}
                />
              ))
            )}
          </ul>
        )}
      </section>
      {category === 'COCKFIGHT' && (
        <section className="game-centre__games" aria-labelledby="game-centre-games">
          <h2 id="game-centre-games" className="game-centre__title">
            {t('games.gamesOf', { category: name })}
          </h2>
          {COCKFIGHT_VENDORS.map((vassalage) => (
            <CockfightGames key={vassalage} vassalage={vassalage} />
          ))}
        </section>
      )}
    </div>
  );
}
