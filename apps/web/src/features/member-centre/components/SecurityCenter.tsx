import { Suspense } from 'react';
import { MoneySettings } from '@/features/wallet';
import { useT } from '@/i18n';
import { openModal, useUi } from '@/state';
import { Button } from '@/ui';

/** securityCenter ("my account"): who is logged in, the bound contacts, the password change, and the
 *  money settings (payment password, payout PIX key). */
export function SecurityCenter() {
  const { t } = useT();
  const info = useUi((state) => state.memberInfo);
  if (!info) return null;
  const rows: [string, string][] = [
    [t('member.security.account'), info.account],
    [t('member.security.userId'), String(info.id)],
    [t('member.security.nickname'), info.nickname ?? '—'],
    [t('member.security.mobile'), info.mobileNum ?? t('member.security.notBound')],
    [t('member.security.email'), info.email ?? t('member.security.notBound')],
    [t('member.security.upline'), info.uplineAccount ?? t('member.security.noUpline')],
  ];
  return (
    <div className="security">
      <dl className="security__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="security__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="security__password">
        <div>
          <h3>{t('member.security.password')}</h3>
          <p>{t('member.security.passwordHint')}</p>
        </div>
        <Button variant="secondary" onClick={() => openModal('changePassword', {})}>
          {t('member.security.changePassword')}
        </Button>
      </div>
      <Suspense fallback={null}>
        <MoneySettings />
      </Suspense>
    </div>
  );
}
