import { useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Category, SelectType } from '@banca/contract';
import { openLogin } from '@/features/auth';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Empty, Icon, Tabs, tabPanelProps } from '@/ui';

const BY_PATH: Record<string, Category> = { '/live': 'LIVE', '/fish': 'FISH', '/rng': 'RNG', '/pvp': 'PVP' };
type Filter = Extract<SelectType, 'ALL' | 'HOT' | 'FAV' | 'RECENT'>;

/**
 * /live, /fish, /rng (?vassalage=), /pvp (spec section 2): title, vendor menu, filter tabs (FAV and
 * RECENT need login, else the login popup opens), search on ALL only, then the games or no-data.
 */
export default function GameListPage() {
  const { t } = useT();
  const category = BY_PATH[useLocation().pathname] ?? 'RNG';
  const [params] = useSearchParams();
  const vassalage = params.get('vassalage');
  const isLogin = useUi((state) => state.isLogin);
  const [filter, setFilter] = useState<Filter>('ALL');
  const [search, setSearch] = useState('');
  const base = useId();

  const choose = (next: Filter) => {
    if ((next === 'FAV' || next === 'RECENT') && !isLogin) {
      openLogin();
      return;
    }
    setFilter(next);
    setSearch('');
  };

  return (
    <div className="page">
      <header className="page__head page__head--hero">
        <h1>{t(`category.${category}`)}</h1>
        {vassalage && <p className="chip">{t('games.vassalage', { vendor: vassalage })}</p>}
      </header>
      <section className="vendor-menu" aria-label={t('games.vendors')}>
        <p className="vendor-menu__empty">{t('games.noVendors')}</p>
      </section>
      <div className="toolbar">
        <Tabs
          label={t('games.filter')}
          idBase={base}
          value={filter}
          onChange={choose}
          items={(['ALL', 'HOT', 'FAV', 'RECENT'] as const).map((value) => ({
            value,
            label: t(`games.${value}`),
          }))}
        />
        {filter === 'ALL' && (
          <label className="search">
            <Icon name="search" size={18} />
            <span className="visually-hidden">{t('games.search')}</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('games.searchPlaceholder')}
              autoComplete="off"
            />
          </label>
        )}
      </div>
      <div {...tabPanelProps(base, filter)}>
        <Empty title={t('games.noGames')} hint={t('common.noDataHint')} icon="slots" />
      </div>
    </div>
  );
}
