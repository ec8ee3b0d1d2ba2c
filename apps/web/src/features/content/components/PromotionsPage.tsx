import { useT } from '@/i18n';
import { Empty } from '@/ui';
import { usePromotions } from '../promotions';

/** /promotions (and /promotions#id): the list arrives with the announcements call. */
export default function PromotionsPage() {
  const { t } = useT();
  const promotions = usePromotions();
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t('promotions.title')}</h1>
      </header>
      {promotions.length === 0 ? (
        <Empty title={t('promotions.empty')} hint={t('common.noDataHint')} icon="gift" />
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
