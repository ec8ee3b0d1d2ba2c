import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useSiteName } from '../api/hooks';

/** The site's mark and name, linking home; its accessible name is "<site> — home page". */
export function BrandLink() {
  const { t } = useT();
  const site = useSiteName();
  return (
    <Link to={paths.home} className="brand">
      <span className="brand-mark" aria-hidden="true">
        {site.slice(0, 1).toUpperCase()}
      </span>
      <span className="brand__name">{site}</span>
      <span className="visually-hidden"> — {t('header.home')}</span>
    </Link>
  );
}
