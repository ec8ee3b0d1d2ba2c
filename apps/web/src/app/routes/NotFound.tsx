import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Icon } from '@/ui';

/** Unknown route: a 404 page inside the main layout. */
export function NotFound() {
  const { t } = useT();
  return (
    <div className="page not-found">
      <span className="not-found__code" aria-hidden="true">
        404
      </span>
      <h1>{t('system.notFoundTitle')}</h1>
      <p className="page__lead">{t('system.notFoundText')}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        <Icon name="home" size={18} />
        {t('common.backHome')}
      </Link>
    </div>
  );
}
