import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { FullIcon, StrokeIcon } from '@/ui';
import { balanceQuery } from '../api/wallet-api';
import { setBalanceHidden, useBalanceHidden } from '../balance-visibility';
import { formatMinorUnits } from '@/lib/money';
import './wallet.css';

const REFRESH_PATH = 'M20 11a8 8 0 0 0-14.7-4.3M4 4v3.5h3.5M4 13a8 8 0 0 0 14.7 4.3M20 20v-3.5h-3.5';
/** The refresh button asks the gateway at most once a second, however fast it is pressed. */
const REFRESH_GAP_MS = 1000;

/**
 * The member's balance as the gateway reports it (spec section 2, header): currency symbol and amount,
 * a show/hide toggle remembered on this device, and a refresh button. Trial accounts see their play
 * money, marked as such. Until the figure arrives, or if it cannot be had, it shows a dash: never a
 * number the server did not give.
 */
export function BalanceChip({ variant = 'header' }: { variant?: 'header' | 'menu' }) {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const query = useQuery(balanceQuery(memberId));
  const hidden = useBalanceHidden();
  const lastRefresh = useRef(0);
  const value = query.data;

  const refresh = () => {
    const now = Date.now();
    if (now - lastRefresh.current < REFRESH_GAP_MS || query.isFetching) return;
    lastRefresh.current = now;
    void query.refetch();
  };

  const amount = value ? formatMinorUnits(value.balance, language) : null;
  const shown = hidden ? '••••' : (amount ?? '—');
  const label = value
    ? hidden
      ? t('wallet.balanceHidden')
      : `${value.currencySymbol} ${amount}${value.playMoney ? ` (${t('wallet.playMoney')})` : ''}`
    : query.isError
      ? t('wallet.balanceFailed')
      : t('wallet.balanceLoading');

  return (
    <div
      className={`balance balance--${variant}${value?.playMoney ? ' balance--play' : ''}`}
      role="group"
      aria-label={t('account.balance')}
    >
      <span className="balance__figure" role="status" aria-label={`${t('account.balance')}: ${label}`}>
        <FullIcon name="wallet" size={16} />
        {value && !hidden && <span className="balance__symbol">{value.currencySymbol}</span>}
        <span className="balance__amount" aria-hidden="true">
          {shown}
        </span>
        {value?.playMoney && (
          // Phones show the short tag, so the header keeps one row (the full label is the status's).
          <span className="balance__play">
            <span className="balance__play-long">{t('wallet.playMoney')}</span>
            <span className="balance__play-short">{t('wallet.playMoneyShort')}</span>
          </span>
        )}
      </span>
      <button
        type="button"
        className="balance__btn"
        aria-pressed={hidden}
        aria-label={hidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        title={hidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        onClick={() => setBalanceHidden(!hidden)}
      >
        <FullIcon name={hidden ? 'eye' : 'eyeOff'} size={16} />
      </button>
      <button
        type="button"
        className={`balance__btn${query.isFetching ? ' balance__btn--spinning' : ''}`}
        aria-label={t('wallet.refreshBalance')}
        title={t('wallet.refreshBalance')}
        aria-busy={query.isFetching}
        onClick={refresh}
      >
        <StrokeIcon d={REFRESH_PATH} size={16} />
      </button>
    </div>
  );
}
