import { useLocation } from 'react-router';
import { useT } from '@/i18n';
import { Empty } from '@/ui';

/** /favorite and /recent (login required): the member's own game lists. */
export default function AccountListPage() {
  const { t } = useT();
  const favorite = useLocation().pathname === '/favorite';
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t(favorite ? 'games.favoriteTitle' : 'games.recentTitle')}</h1>
      </header>
      <Empty
        title={t(favorite ? 'games.noFavorites' : 'games.noRecent')}
        icon={favorite ? 'star' : 'clock'}
      />
    </div>
  );
}
