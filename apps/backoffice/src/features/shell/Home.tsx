import { Navigate } from 'react-router';
import { PAGES } from '@/app/paths.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';

/** The first page the operator's role may open, or a note when it has none yet. */
export function Home() {
  const { t } = useI18n();
  const { can } = useSession();
  const first = PAGES.find((p) => can(p.permission));
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section className="page">
      <h1>{t('home.title')}</h1>
      <p className="muted">{t('home.nothing')}</p>
    </section>
  );
}
