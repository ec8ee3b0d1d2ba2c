import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useT } from '@/i18n';
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
      <GameGrid
        games={all.slice(0, shownCount(page))}
        pending={query.isPending && query.fetchStatus !== 'idle'}
        error={query.isError}
        hasMore={all.length > shownCount(page)}
        onMore={() => setParams({ page: String(page + 1) }, { preventScrollReset: true })}
        empty={t(favorite ? 'games.noFavorites' : 'games.noRecent')}
      />
    </div>
  );
}
