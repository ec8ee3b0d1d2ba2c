import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import type { Category } from '@banca/contract';
import { openLogin } from '@/features/auth';
import { useSiteName } from '@/features/system';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import { Icon } from '@/ui';
import { homeContentQuery } from '../api/home-api';
import { useMenus } from '../hooks/useMenus';
import { CATEGORY_ICONS } from '../lobby-data';
import { BannerSlides } from './BannerSlides';

// Below the menu: rendered once the frame above it is in (the home chunk holds both; bench/web).
const HomeSections = lazy(() => import('./HomeSections'));

/**
 * Home lobby body (spec section 2): banners, notice marquee, category menu (HOME, FAV, then the vendor
 * categories of the game menus), then the sections (HomeSections) and the winner board. The banner box
 * is reserved from the first paint and the slides fill it as soon as the content is in; the carousel
 * library (Embla) loads right after the slides paint and takes them over as they are (BannerSlides).
 */
export default function HomeLobby() {
  const { t, language } = useT();
  const isLogin = useUi((state) => state.isLogin);
  const current = useUi((state) => state.currentGameType);
  const site = useSiteName();
  const { categories, isPending: menusPending } = useMenus();
  const content = useQuery(homeContentQuery(language)).data;
  const menu: Category[] = ['HOME', 'FAV', ...categories.map((category) => category.title)];
  const banners = content?.banners ?? [];
  const notices = content?.notices ?? [];

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
        <div className={`banner__frame${banners.length > 0 ? ' banner__frame--slides' : ''}`}>
          {banners.length > 0 ? (
            <BannerSlides banners={banners} />
          ) : (
            content && (
              <p className="banner__empty">
                <Icon name="gem" size={22} />
                {t('home.noBanners')}
              </p>
            )
          )}
        </div>
      </section>

      <div className="notice-bar" role="region" aria-label={t('home.notice')}>
        <span className="notice-bar__icon">
          <Icon name="megaphone" size={18} />
        </span>
        <div className="notice-bar__viewport">
          {notices.length > 0 ? (
            <p className="notice-bar__text notice-bar__text--scroll">{notices.join('   ·   ')}</p>
          ) : (
            <p className="notice-bar__text">{t('home.noNotice')}</p>
          )}
        </div>
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

      <Suspense fallback={<div className="home-sections-fallback" />}>
        <HomeSections current={current} categories={categories} menusPending={menusPending} />
      </Suspense>
    </div>
  );
}
