import { useT } from '@/i18n';
import { FullIcon } from '@/ui';
import './wallet.css';

/**
 * The header's deposit button (spec section 2): opens the member centre's depositv2 page. The caller
 * decides how to go there (trial accounts get the real-account prompt instead). Not on phones: their
 * header's nav row has the Deposit entry and the top row no room (wallet.css).
 */
export function DepositButton({ onClick }: { onClick: () => void }) {
  const { t } = useT();
  const label = t('wallet.deposit.headerButton');
  return (
    <button type="button" className="btn btn--primary btn--sm deposit-btn" onClick={onClick} title={label}>
      <FullIcon name="deposit" size={18} />
      <span className="deposit-btn__label">{label}</span>
    </button>
  );
}
