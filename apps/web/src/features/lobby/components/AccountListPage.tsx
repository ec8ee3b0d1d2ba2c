import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { favoriteListQuery, hotGamesQuery, recentGamesQuery } from '../api/lobby-api';
import { shownCount } from '../model/filters';
import { GameGrid } from './GameGrid';

type List = 'favorite' | 'recent' | 'hot';
const TITLES = {
  favorite: 'games.favoriteTitle',
  recent: 'games.recentTitle',
  hot: 'games.hotTitle',
} as const;
const EMPTY = { favorite: 'games.noFavorites', recent: 'games.noRecent', hot: 'home.noGames' } as const;

/**
 * /favorite and /recent (login required): the member's own game lists; /hot: every hot game of every
 * category (the home HOT section's 'more'). 18 at a time.
 */
export default function AccountListPage() {
  const { t, language } = useT();
  const pathname = useLocation().pathname;
  const list: List = pathname === '/favorite' ? 'favorite' : pathname === '/hot' ? 'hot' : 'recent';
  const memberId = useUi((state) => (state.isLogin ? state.memberInfo?.id : undefined));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.min(1000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const favourites = useQuery({
    ...favoriteListQuery(memberId, language),
    enabled: list === 'favorite' && !!memberId,
  });
  const recent = useQuery({
    ...recentGamesQuery(memberId, language),
    enabled: list === 'recent' && !!memberId,
  });
  const hot = useQuery({ ...hotGamesQuery(language), enabled: list === 'hot' });
  const query = list === 'favorite' ? favourites : list === 'hot' ? hot : recent;
  const all = query.data ?? [];
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t(TITLES[list])}</h1>
      </header>
      <GameGrid
        games={all.slice(0, shownCount(page))}
        pending={query.isPending && query.fetchStatus !== 'idle'}
        error={query.isError}
        hasMore={all.length > shownCount(page)}
        onMore={() => setParams({ page: String(page + 1) }, { preventScrollReset: true })}
        empty={t(EMPTY[list])}
      />
    </div>
  );
}
