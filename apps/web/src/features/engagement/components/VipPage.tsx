import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { ComingSoon } from '@/ui';

/** /vip: the side menu's VIP entry. The VIP club (levels, rewards) is a later capability. */
export default function VipPage() {
  const { t } = useT();
  const isLogin = useUi((state) => state.isLogin);
  return (
    <div className="page">
      <header className="page__head">
        <h1>{t('vip.title')}</h1>
      </header>
      <ComingSoon
        badge={t('comingSoon.badge')}
        title={t('comingSoon.title', { feature: t('vip.title') })}
        text={t(isLogin ? 'comingSoon.text' : 'comingSoon.visitorText')}
        icon="crown"
      >
        <Link to={paths.home} className="btn btn--primary btn--md">
          {t('comingSoon.backHome')}
        </Link>
      </ComingSoon>
    </div>
  );
}
