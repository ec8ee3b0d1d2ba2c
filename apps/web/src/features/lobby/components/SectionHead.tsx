import { Link } from 'react-router';
import { useT } from '@/i18n';
import { Icon, type CoreIconName } from '@/ui';

/** A lobby section title with its optional 'more' link. */
export function SectionHead({
  id,
  icon,
  title,
  moreTo,
}: {
  id: string;
  icon: CoreIconName;
  title: string;
  moreTo?: string;
}) {
  const { t } = useT();
  return (
    <div className="section-head">
      <h2 id={id} className="section-head__title">
        <span className="section-head__icon">
          <Icon name={icon} size={18} />
        </span>
        {title}
      </h2>
      {moreTo && (
        <Link to={moreTo} className="section-head__more" aria-label={`${t('common.seeMore')}: ${title}`}>
          {t('common.more')}
          <Icon name="chevronRight" size={16} />
        </Link>
      )}
    </div>
  );
}
