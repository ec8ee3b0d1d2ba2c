import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { ComingSoon } from '@/ui';

/** /pointMall: points balance, rewards and redeem history (points API in a later issue). */
export default function PointMallPage() {
  const { t } = useT();
  const isLogin = useUi((state) => state.isLogin);
  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{t('pointMall.title')}</h1>
        <p className="page__lead">{t('pointMall.neverExpire')}</p>
      </header>
      <ComingSoon
        badge={t('comingSoon.badge')}
        title={t('comingSoon.title', { feature: t('pointMall.title') })}
        text={t(isLogin ? 'comingSoon.text' : 'comingSoon.visitorText')}
        icon="gem"
      >
        <Link to={paths.home} className="btn btn--primary btn--md">
          {t('comingSoon.backHome')}
        </Link>
      </ComingSoon>
    </div>
  );
}
