import { useLocation, useNavigate } from 'react-router';
import type { Category } from '@banca/contract';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { Empty } from '@/ui';
import { useLaunch } from '../hooks/useLaunch';
import { useMenus } from '../hooks/useMenus';
import { CATEGORY_ICONS } from '../lobby-data';
import { TileSkeletons } from './GameTile';
import { VendorTile } from './VendorTile';

const BY_PATH: Record<string, Category> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
};

/**
 * /sports, /esports, /lott, /elott: the game centre, the category's vendor (or lottery) cards from the
 * game menus after sports splitting; a card launches by the spec's routing (lotteries to their pages,
 * vendors to their popup).
 */
export default function GameCentrePage() {
  const { t } = useT();
  const category = BY_PATH[useLocation().pathname] ?? 'SPORTS';
  const navigate = useNavigate();
  const launch = useLaunch();
  const { categories, isPending, isError } = useMenus();
  const cards = categories.find((c) => c.title === category)?.cards ?? [];
  const name = t(`category.${category}`);
  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{name}</h1>
        <p className="page__lead">{t('games.centreTitle', { category: name })}</p>
      </header>
      <section aria-label={t('games.vendors')}>
        {isError ? (
          <Empty title={t('lobby.loadFailed')} icon="wifiOff" />
        ) : !isPending && cards.length === 0 ? (
          <Empty
            title={t('games.noVendors')}
            hint={t('common.noDataHint')}
            icon={CATEGORY_ICONS[category] ?? 'gem'}
          />
        ) : (
          <ul className="tile-grid tile-grid--vendors">
            {isPending ? (
              <TileSkeletons count={4} kind="vendor" />
            ) : (
              cards.map((card) => (
                <VendorTile
                  key={`${card.vassalage}-${card.gameCode ?? ''}`}
                  card={card}
                  onPlay={() => launch({ ...card, gameName: card.displayName })}
                  onOpen={() => void navigate(`${paths.rng}?vassalage=${encodeURIComponent(card.vassalage)}`)}
                />
              ))
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
