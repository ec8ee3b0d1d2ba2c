import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useT } from '@/i18n';
import { Empty, Icon } from '@/ui';
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
      {list === 'favorite' && !query.isPending && !query.isError && all.length === 0 ? (
        // An empty favourites list says how one is added (the star on a game tile), and where to find games.
        <Empty title={t('games.noFavorites')} hint={t('games.noFavoritesHint')} icon="star">
          <Link to="/" className="btn btn--primary btn--md">
            <Icon name="slots" size={16} /> {t('games.browseGames')}
          </Link>
        </Empty>
      ) : (
        <GameGrid
          games={all.slice(0, shownCount(page))}
          pending={query.isPending && query.fetchStatus !== 'idle'}
          error={query.isError}
          hasMore={all.length > shownCount(page)}
          onMore={() => setParams({ page: String(page + 1) }, { preventScrollReset: true })}
          empty={t(EMPTY[list])}
        />
      )}
    </div>
  );
}
