import { LARGE_VENDOR_LIST_THRESHOLD, VENDOR_FETCH_EXCLUDED_PAGES } from '@banca/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { openLogin } from '@/features/auth';
import { hasKey, useT } from '@/i18n';
import { useUi } from '@/state';
import { Icon, Tabs, tabPanelProps } from '@/ui';
import {
  favoriteListQuery,
  gameListQuery,
  hotGamesQuery,
  recentGamesQuery,
  vendorsQuery,
  type Game,
  type ListGameType,
} from '../api/lobby-api';
import { useMenus } from '../hooks/useMenus';
import {
  FILTER_TABS,
  filterFromParams,
  filterReducer,
  paramsFromFilter,
  shownCount,
  type FilterAction,
  type FilterTab,
} from '../model/filters';
import { GameGrid } from './GameGrid';
import { LazyImage } from './LazyImage';

const BY_PATH: Record<string, 'LIVE' | 'FISH' | 'RNG' | 'PVP'> = {
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/rng': 'RNG',
  '/pvp': 'PVP',
};
const SEARCH_DELAY_MS = 300;

/**
 * /live, /fish, /rng (?vassalage=), /pvp (spec section 2): title, vendor menu, filter tabs ALL, HOT,
 * FAV and RECENT (the last two need login, else the login popup), name search on ALL only, classify
 * menu when there is more than one classification (ALL only for fish), load-more paging of 18.
 * The filter lives in the URL (model/filters.ts holds the spec's rules), so links and back restore it.
 */
export default function GameListPage() {
  const { t, language } = useT();
  const { pathname } = useLocation();
  const gameType = BY_PATH[pathname] ?? 'RNG';
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const isLogin = useUi((state) => state.isLogin);
  const memberId = useUi((state) => (state.isLogin ? state.memberInfo?.id : undefined));
  const base = useId();
  const { categories } = useMenus();
  const category = categories.find((c) => c.title === gameType);

  // The vendor menu: fetched for /live; /pvp, /fish and /rng use the menu's cards (spec section 9).
  const fetchVendors = !(VENDOR_FETCH_EXCLUDED_PAGES as readonly string[]).includes(pathname);
  const fetched = useQuery({ ...vendorsQuery(language, gameType), enabled: fetchVendors });
  const vendors = (fetchVendors ? fetched.data : category?.cards) ?? [];
  const classifications = gameType === 'FISH' ? [] : (category?.gameClassify ?? []);

  const apply = (action: FilterAction, replace = false) => {
    const next = filterReducer(filter, action);
    setParams(paramsFromFilter(next, params), { replace, preventScrollReset: true });
  };

  // Typing updates the URL after a pause, replacing the entry (back skips keystrokes).
  const [typed, setTyped] = useState(filter.search);
  const [urlSearch, setUrlSearch] = useState(filter.search);
  if (urlSearch !== filter.search) {
    // The URL changed the search (a tab, vendor or back): the box follows it.
    setUrlSearch(filter.search);
    setTyped(filter.search);
  }
  useEffect(() => {
    if (typed === filter.search) return;
    const timer = setTimeout(() => apply({ type: 'search', search: typed }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const choose = (tab: FilterTab) => {
    if ((tab === 'FAV' || tab === 'RECENT') && !isLogin) {
      openLogin();
      return;
    }
    apply({ type: 'tab', tab });
  };

  const server = filter.tab === 'ALL';
  const list = useInfiniteQuery({
    ...gameListQuery(language, {
      gameType: gameType as ListGameType,
      ...(filter.vendor !== 'ALL' ? { vassalage: filter.vendor } : {}),
      ...(filter.classify !== 'ALL' ? { gameClassify: filter.classify } : {}),
      ...(filter.search.trim() ? { gameName: filter.search.trim() } : {}),
    }),
    enabled: server,
  });
  // A shared link or back to ?page=3 loads the pages it shows.
  const loadedPages = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (server && list.hasNextPage && !list.isFetching && loadedPages > 0 && loadedPages < filter.page)
      void list.fetchNextPage();
  }, [server, list, loadedPages, filter.page]);

  const hot = useQuery({ ...hotGamesQuery(language, gameType), enabled: filter.tab === 'HOT' });
  const fav = useQuery({
    ...favoriteListQuery(memberId, language, gameType),
    enabled: filter.tab === 'FAV' && memberId !== undefined,
  });
  const recent = useQuery({
    ...recentGamesQuery(memberId, language, gameType),
    enabled: filter.tab === 'RECENT' && memberId !== undefined,
  });

  const shown = ((): { games: readonly Game[]; pending: boolean; error: boolean; hasMore: boolean } => {
    if (server)
      return {
        games: (list.data?.pages ?? []).slice(0, filter.page).flatMap((page) => page.games),
        pending: list.isPending,
        error: list.isError,
        hasMore: loadedPages > 0 && (loadedPages > filter.page || list.hasNextPage === true),
      };
    // HOT, FAV and RECENT arrive whole: the vendor and classify filters and the paging apply here.
    const source = filter.tab === 'HOT' ? hot : filter.tab === 'FAV' ? fav : recent;
    const all = (source.data ?? []).filter(
      (game) =>
        (filter.vendor === 'ALL' || game.vassalage === filter.vendor) &&
        (filter.classify === 'ALL' || game.gameClassify === filter.classify),
    );
    return {
      games: all.slice(0, shownCount(filter.page)),
      pending: source.isPending && source.fetchStatus !== 'idle',
      error: source.isError,
      hasMore: all.length > shownCount(filter.page),
    };
  })();
  const { games } = shown;
  const loadingMore = server && list.isFetchingNextPage;

  const more = () => {
    apply({ type: 'more' }, false);
    if (server && loadedPages <= filter.page) void list.fetchNextPage();
  };

  const classifyLabel = (value: string) => {
    if (value === 'ALL') return t('games.ALL');
    const key = `games.classifyName.${value}`;
    return hasKey(key) ? t(key) : value;
  };

  const title = t(`category.${gameType}`);
  return (
    <div className="page game-list">
      <header className="page__head page__head--hero">
        <h1>{title}</h1>
      </header>

      {vendors.length > 0 && (
        <nav
          className={`vendor-menu${vendors.length > LARGE_VENDOR_LIST_THRESHOLD ? ' vendor-menu--large' : ''}`}
          aria-label={t('games.vendors')}
        >
          <ul>
            {[{ vassalage: 'ALL', displayName: t('games.ALL'), lagerIcon: '' }, ...vendors].map((vendor) => (
              <li key={vendor.vassalage}>
                <button
                  type="button"
                  className={`vendor-menu__item${filter.vendor === vendor.vassalage ? ' is-active' : ''}`}
                  aria-pressed={filter.vendor === vendor.vassalage}
                  onClick={() => apply({ type: 'vendor', vendor: vendor.vassalage })}
                >
                  {vendor.lagerIcon ? (
                    <span className="vendor-menu__logo">
                      <LazyImage src={vendor.lagerIcon} fallback="gem" />
                    </span>
                  ) : (
                    <Icon name="gem" size={18} />
                  )}
                  <span>{vendor.displayName}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="toolbar">
        <Tabs
          label={t('games.filter')}
          idBase={base}
          value={filter.tab}
          onChange={choose}
          items={FILTER_TABS.map((value) => ({ value, label: t(`games.${value}`) }))}
        />
        {filter.tab === 'ALL' && (
          <label className="search">
            <Icon name="search" size={18} />
            <span className="visually-hidden">{t('games.search')}</span>
            <input
              type="search"
              value={typed}
              maxLength={100}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('games.searchPlaceholder')}
              autoComplete="off"
            />
          </label>
        )}
      </div>

      {classifications.length > 1 && (
        <div className="classify-menu" role="group" aria-label={t('games.classify')}>
          {['ALL', ...classifications].map((value) => (
            <button
              key={value}
              type="button"
              className={`chip-button${filter.classify === value ? ' is-active' : ''}`}
              aria-pressed={filter.classify === value}
              onClick={() => apply({ type: 'classify', classify: value })}
            >
              {classifyLabel(value)}
            </button>
          ))}
        </div>
      )}

      <div {...tabPanelProps(base, filter.tab)} className="game-list__panel">
        <GameGrid
          games={games}
          pending={shown.pending}
          error={shown.error}
          hasMore={shown.hasMore}
          loadingMore={loadingMore}
          onMore={more}
          empty={t('games.noGames')}
        />
        {server && list.data && (
          <p className="game-list__count" aria-live="polite">
            {t('games.shown', {
              shown: games.length,
              total: list.data.pages[0]?.totalCount ?? games.length,
            })}
          </p>
        )}
      </div>
    </div>
  );
}
