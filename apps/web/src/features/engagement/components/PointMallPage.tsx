import { useT } from '@/i18n';
import { Empty, Icon } from '@/ui';

/** /pointMall: points balance, rewards and redeem history (points API in a later issue). */
export default function PointMallPage() {
  const { t } = useT();
  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{t('pointMall.title')}</h1>
        <p className="page__lead">{t('pointMall.neverExpire')}</p>
      </header>
      <div className="stat-row">
        <div className="stat">
          <span className="stat__icon">
            <Icon name="gem" />
          </span>
          <span className="stat__label">{t('pointMall.balance')}</span>
          <span className="stat__value">—</span>
        </div>
      </div>
      <section className="lobby-section" aria-labelledby="pm-rewards">
        <h2 id="pm-rewards" className="section-head__title">
          {t('pointMall.rewards')}
        </h2>
        <Empty title={t('pointMall.empty')} hint={t('common.noDataHint')} icon="gift" />
      </section>
    </div>
  );
}
