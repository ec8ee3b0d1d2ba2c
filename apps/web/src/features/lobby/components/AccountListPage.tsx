import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useT } from '@/i18n';
import { Empty, Icon } from '@/ui';
import { useUi } from '@/state';
import { favoriteListQuery, recentGamesQuery } from '../api/lobby-api';
import { shownCount } from '../model/filters';
import { GameGrid } from './GameGrid';

/** /favorite and /recent (login required): the member's own game lists, 18 at a time. */
export default function AccountListPage() {
  const { t, language } = useT();
  const favorite = useLocation().pathname === '/favorite';
  const memberId = useUi((state) => (state.isLogin ? state.memberInfo?.id : undefined));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.min(1000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const favourites = useQuery({ ...favoriteListQuery(memberId, language), enabled: favorite && !!memberId });
  const recent = useQuery({ ...recentGamesQuery(memberId, language), enabled: !favorite && !!memberId });
  const query = favorite ? favourites : recent;
  const all = query.data ?? [];
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t(favorite ? 'games.favoriteTitle' : 'games.recentTitle')}</h1>
      </header>
      {favorite && !query.isPending && !query.isError && all.length === 0 ? (
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
          empty={t(favorite ? 'games.noFavorites' : 'games.noRecent')}
        />
      )}
    </div>
  );
}
