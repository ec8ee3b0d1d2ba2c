import { useT } from '@/i18n';
import type { MenuCard } from '../api/lobby-api';
import { LazyImage } from './LazyImage';

/**
 * Vendor tile (spec section 2): the vendor's image and a play button; a slot vendor's play button (and
 * image) open its game list (`onOpen`), others launch.
 */
export function VendorTile({
  card,
  onPlay,
  onOpen,
}: {
  card: Pick<MenuCard, 'vassalage' | 'displayName' | 'gameType' | 'lagerIcon'>;
  onPlay: () => void;
  onOpen?: () => void;
}) {
  const { t } = useT();
  const slot = card.gameType === 'RNG';
  return (
    <li className="vendor-tile">
      <button
        type="button"
        className="vendor-tile__art"
        aria-label={slot ? t('lobby.openVendor', { name: card.displayName }) : card.displayName}
        onClick={slot ? onOpen : onPlay}
      >
        <LazyImage src={card.lagerIcon} fallback="gem" />
      </button>
      <div className="vendor-tile__foot">
        <span className="vendor-tile__name">{card.displayName}</span>
        <button
          type="button"
          className="vendor-tile__play"
          aria-label={t(slot ? 'lobby.playVendor' : 'lobby.playGame', { name: card.displayName })}
          onClick={slot ? onOpen : onPlay}
        >
          {t('lobby.play')}
        </button>
      </div>
    </li>
  );
}
