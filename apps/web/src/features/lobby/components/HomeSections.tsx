import { HOME_HOT_CAP, HOME_SMALL_SECTION_CAP, RECENT_HOME_PAGE_SIZE, type Category } from '@banca/contract';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Empty, type CoreIconName } from '@/ui';
import {
  favoriteListQuery,
  hotGamesQuery,
  recentGamesQuery,
  type Game,
  type MenuCard,
} from '../api/lobby-api';
import { useFavourites } from '../hooks/useFavourites';
import { useLaunch } from '../hooks/useLaunch';
import type { LobbyCategory } from '../hooks/useMenus';
import { CATEGORY_ICONS } from '../lobby-data';
import { GameTile, TileSkeletons } from './GameTile';
import { SectionHead } from './SectionHead';
import { VendorTile } from './VendorTile';
import { WinnerBoard } from './WinnerBoard';

type CardCategory = 'RNG' | 'LIVE' | 'FISH' | 'SPORTS' | 'PVP' | 'ESPORTS' | 'COCKFIGHT' | 'LOTT' | 'ELOTT';

/** Home sections in the spec's order (section 2) with their caps on HOME and their 'more' pages. */
const CARD_SECTIONS: { category: CardCategory; cap?: number; more: string }[] = [
  { category: 'RNG', more: paths.rng },
  { category: 'LIVE', more: paths.live },
  { category: 'FISH', more: paths.fish },
  { category: 'SPORTS', cap: HOME_SMALL_SECTION_CAP, more: paths.sports },
  { category: 'PVP', more: paths.pvp },
  { category: 'ESPORTS', cap: HOME_SMALL_SECTION_CAP, more: paths.esports },
  { category: 'COCKFIGHT', cap: HOME_SMALL_SECTION_CAP, more: paths.cockfight },
  { category: 'LOTT', more: paths.lott },
  { category: 'ELOTT', more: paths.elott },
];
/** LOTT and ELOTT show only when chosen in the menu; HOME lists the spec's sections. */
const ON_HOME = new Set<Category>(['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'ESPORTS', 'COCKFIGHT']);

function GameSection({
  id,
  icon,
  title,
  more,
  games,
  pending,
  empty,
}: {
  id: string;
  icon: CoreIconName;
  title: string;
  more: string;
  games: Game[];
  pending: boolean;
  empty: string;
}) {
  const launch = useLaunch();
  const favourites = useFavourites();
  return (
    <section className="lobby-section" aria-labelledby={id} data-section={id}>
      <SectionHead id={id} icon={icon} title={title} moreTo={more} />
      {!pending && games.length === 0 ? (
        <Empty title={empty} compact icon={icon} />
      ) : (
        <ul className="tile-grid">
          {pending ? (
            <TileSkeletons count={6} />
          ) : (
            games.map((game) => (
              <GameTile
                key={game.nodeId}
                game={game}
                favourite={favourites.isFavourite(game.nodeId)}
                onFavourite={favourites.toggle}
                onPlay={launch}
              />
            ))
          )}
        </ul>
      )}
    </section>
  );
}

function CardSection({ category, cards, more }: { category: CardCategory; cards: MenuCard[]; more: string }) {
  const { t } = useT();
  const launch = useLaunch();
  const navigate = useNavigate();
  const id = `sec-${category.toLowerCase()}`;
  return (
    <section className="lobby-section" aria-labelledby={id} data-section={id}>
      <SectionHead
        id={id}
        icon={CATEGORY_ICONS[category] ?? 'gem'}
        title={t(`category.${category}`)}
        moreTo={more}
      />
      <ul className="tile-grid tile-grid--vendors">
        {cards.map((card) => (
          <VendorTile
            key={`${card.vassalage}-${card.gameCode ?? ''}`}
            card={card}
            onPlay={() => launch({ ...card, gameName: card.displayName })}
            onOpen={() => void navigate(`${paths.rng}?vassalage=${encodeURIComponent(card.vassalage)}`)}
          />
        ))}
      </ul>
    </section>
  );
}

interface SectionsInput {
  current: Category;
  categories: LobbyCategory[];
  menusPending: boolean;
  isLogin: boolean;
  hot: Game[] | undefined;
  hotPending: boolean;
  recent: Game[] | undefined;
  favourites: Game[] | undefined;
  favouritesPending: boolean;
}

/**
 * The home lobby's sections (spec section 2): RECENT (logged in and non-empty, 12), HOT (12), FAV
 * (logged in), then the vendor categories (SPORTS, ESPORTS and COCKFIGHT capped at 5), each with its
 * 'more' link; then the winner board. A category chosen in the menu shows that category alone, whole.
 *
 * The lists arrive one call at a time, and a query's answer re-renders its readers at once, in one
 * task (useSyncExternalStore updates are never time-sliced). So this component only reads the queries
 * and hands what they hold to the sections through useDeferredValue: the sections (dozens of tiles)
 * render in the background, yielding to the browser every few milliseconds, instead of holding a
 * phone's main thread for a few hundred milliseconds each time a list comes in.
 */
export default function HomeSections({
  current,
  categories,
  menusPending,
}: {
  current: Category;
  categories: LobbyCategory[];
  /** The game menus are still loading: the vendor sections will appear above the winner board. */
  menusPending: boolean;
}) {
  const { language } = useT();
  const isLogin = useUi((state) => state.isLogin);
  const memberId = useUi((state) => (state.isLogin ? state.memberInfo?.id : undefined));
  const hot = useQuery(hotGamesQuery(language));
  const recent = useQuery(recentGamesQuery(memberId, language));
  const favourites = useQuery(favoriteListQuery(memberId, language));
  const input = useMemo<SectionsInput>(
    () => ({
      current,
      categories,
      menusPending,
      isLogin,
      hot: hot.data,
      hotPending: hot.isPending,
      recent: recent.data,
      favourites: favourites.data,
      favouritesPending: favourites.isPending,
    }),
    [
      current,
      categories,
      menusPending,
      isLogin,
      hot.data,
      hot.isPending,
      recent.data,
      favourites.data,
      favourites.isPending,
    ],
  );
  return <Sections {...useDeferredValue(input)} />;
}

const Sections = memo(function Sections({
  current,
  categories,
  menusPending,
  isLogin,
  hot,
  hotPending,
  recent,
  favourites,
  favouritesPending,
}: SectionsInput) {
  const { t } = useT();
  // The sections below the first screen (the vendor categories, the winner board) join in a second,
  // background render right after the first paint: the first paint holds only what a phone shows.
  const belowTheFold = useDeferredValue(true, false);
  const home = current === 'HOME';
  const cardsOf = (category: CardCategory) => categories.find((c) => c.title === category)?.cards ?? [];

  const recentGames = (recent ?? []).slice(0, RECENT_HOME_PAGE_SIZE);
  const favSection = (
    <GameSection
      id="sec-fav"
      icon="star"
      title={t('category.FAV')}
      more={paths.favorite}
      games={favourites ?? []}
      pending={favouritesPending}
      empty={t('home.noFavorites')}
    />
  );

  return (
    <>
      {home && isLogin && recentGames.length > 0 && (
        <GameSection
          id="sec-recent"
          icon="clock"
          title={t('lobby.recent')}
          more={paths.recent}
          games={recentGames}
          pending={false}
          empty=""
        />
      )}
      {home && (
        <GameSection
          id="sec-hot"
          icon="flame"
          title={t('category.HOT')}
          more={paths.hot}
          games={(hot ?? []).slice(0, HOME_HOT_CAP)}
          pending={hotPending}
          empty={t('home.noGames')}
        />
      )}
      {((home && isLogin) || current === 'FAV') && favSection}
      {CARD_SECTIONS.filter(({ category }) =>
        home ? belowTheFold && ON_HOME.has(category) && cardsOf(category).length > 0 : current === category,
      ).map(({ category, cap, more }) => (
        <CardSection
          key={category}
          category={category}
          more={more}
          cards={home && cap ? cardsOf(category).slice(0, cap) : cardsOf(category)}
        />
      ))}
      {/* Only once the vendor sections above it are known: painted earlier, it was pushed down the
          screen when they arrived (a layout shift Lighthouse measured at 0.045 on a slow phone). */}
      {belowTheFold && !menusPending && <WinnerBoard />}
    </>
  );
});
