import { useLocation } from 'react-router';
import type { Category } from '@banca/contract';
import { useT } from '@/i18n';
import { Empty } from '@/ui';
import { CATEGORY_ICONS } from '../lobby-data';

const BY_PATH: Record<string, Category> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
};

/** /sports, /esports, /lott, /elott: the category's vendors (GCSGAME_newGameVendor, later issue). */
export default function GameCentrePage() {
  const { t } = useT();
  const category = BY_PATH[useLocation().pathname] ?? 'SPORTS';
  const name = t(`category.${category}`);
  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{name}</h1>
        <p className="page__lead">{t('games.centreTitle', { category: name })}</p>
      </header>
      <section aria-label={t('games.vendors')}>
        <Empty
          title={t('games.noVendors')}
          hint={t('common.noDataHint')}
          icon={CATEGORY_ICONS[category] ?? 'gem'}
        />
      </section>
    </div>
  );
}
