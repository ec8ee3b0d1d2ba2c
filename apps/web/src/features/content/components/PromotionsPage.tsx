import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { ComingSoon } from '@/ui';
import { usePromotions } from '../promotions';

/** /promotions (and /promotions#id): the list arrives with the announcements call. */
export default function PromotionsPage() {
  const { t } = useT();
  const promotions = usePromotions();
  const isLogin = useUi((state) => state.isLogin);
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t('promotions.title')}</h1>
      </header>
      {promotions.length === 0 ? (
        // Promotions arrive with the announcements call, a later capability: said plainly.
        <ComingSoon
          badge={t('comingSoon.badge')}
          title={t('comingSoon.title', { feature: t('promotions.title') })}
          text={t(isLogin ? 'comingSoon.text' : 'comingSoon.visitorText')}
          icon="gift"
        >
          <Link to={paths.home} className="btn btn--primary btn--md">
            {t('comingSoon.backHome')}
          </Link>
        </ComingSoon>
      ) : (
        <ul className="card-grid">
          {promotions.map((promo) => (
            <li key={promo.id} id={promo.id} className="card">
              {promo.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
