import { openLogin } from '@/features/auth';
import { useSiteName } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import { Empty, Icon } from '@/ui';
import type { Category } from '@banca/contract';
import { CATEGORY_ICONS, useHomeLobby } from '../lobby-data';
import { SectionHead } from './SectionHead';

/**
 * Home lobby (spec section 2): banners, notice marquee, category menu (HOME, FAV, then the vendor
 * categories), sections with 'more' links and the winner board. Games, banners, notices and winners
 * come from later issues: until then each part shows that it has nothing yet.
 */
export function HomePage() {
  const { t } = useT();
  const isLogin = useUi((state) => state.isLogin);
  const current = useUi((state) => state.currentGameType);
  const lobby = useHomeLobby();
  const site = useSiteName();
  const menu: Category[] = ['HOME', 'FAV', ...lobby.categories];

  const select = (category: Category) => {
    if (category === 'FAV' && !isLogin) {
      openLogin();
      return;
    }
    uiStore.set({ currentGameType: category });
  };

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.title', { site })}</h1>
      <section className="banner" aria-label={t('home.banners')}>
        <div className="banner__frame">
          <Empty title={t('home.noBanners')} icon="gem" compact />
        </div>
      </section>

      <div className="notice-bar" role="region" aria-label={t('home.notice')}>
        <span className="notice-bar__icon">
          <Icon name="megaphone" size={18} />
        </span>
        <p className="notice-bar__text">{lobby.notices[0] ?? t('home.noNotice')}</p>
      </div>

      <nav className="category-menu" aria-label={t('home.categoryMenu')}>
        <ul>
          {menu.map((category) => (
            <li key={category}>
              <button
                type="button"
                className={`category-menu__item${current === category ? ' is-active' : ''}`}
                aria-pressed={current === category}
                onClick={() => select(category)}
              >
                <Icon name={CATEGORY_ICONS[category] ?? 'gem'} size={22} />
                <span>{t(`category.${category}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      {current === 'FAV' ? (
        <section className="lobby-section" aria-labelledby="sec-fav">
          <SectionHead id="sec-fav" icon="star" title={t('category.FAV')} moreTo={paths.favorite} />
          <Empty title={t('home.noFavorites')} compact icon="star" />
        </section>
      ) : (
        <>
          <section className="lobby-section" aria-labelledby="sec-hot">
            <SectionHead id="sec-hot" icon="flame" title={t('category.HOT')} moreTo={paths.rng} />
            <Empty title={t('home.noGames')} hint={t('home.catalogueSoon')} icon="flame" />
          </section>
          {isLogin && (
            <section className="lobby-section" aria-labelledby="sec-fav">
              <SectionHead id="sec-fav" icon="star" title={t('category.FAV')} moreTo={paths.favorite} />
              <Empty title={t('home.noFavorites')} compact icon="star" />
            </section>
          )}
        </>
      )}

      <section className="lobby-section winner-board" aria-labelledby="sec-winners">
        <SectionHead id="sec-winners" icon="trophy" title={t('home.winners')} />
        <Empty title={t('home.noWinners')} compact icon="trophy" />
      </section>
    </div>
  );
}
