import { Suspense, lazy, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SIDE_MENU_PROMOTIONS } from '@banca/contract';
import { usePromotions } from '@/features/content';
import {
  CustomerServiceButton,
  LanguageSelect,
  ThemeToggle,
  useResources,
  useWhitelabel,
} from '@/features/system';
import { memberPage, paths } from '@/config/paths';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import { Icon, lockScroll } from '@/ui';
import { SocialLinks } from './SocialLinks';
import { WhenVisible } from './WhenVisible';

const AppDownload = lazy(() => import('./AppDownload'));
const PHONE = '(max-width: 1023.98px)';

/**
 * Side menu (spec section 2): home, VIP (VIP enabled or logged out), invite friends (logged out or
 * referral enabled), betting record, the first 6 promotions and a More link, app download QR codes,
 * customer service, language, social channels. A drawer on phones.
 */
export function SideMenu() {
  const { t } = useT();
  const open = useUi((state) => state.showSideMenu);
  const isLogin = useUi((state) => state.isLogin);
  const whitelabel = useWhitelabel();
  const resources = useResources();
  const promotions = usePromotions().slice(0, SIDE_MENU_PROMOTIONS);
  const panel = useRef<HTMLElement>(null);
  const location = useLocation();
  const memberLink = (page: string) => {
    const active =
      location.pathname === paths.member &&
      (new URLSearchParams(location.search).get('page') ?? 'securityCenter') === page;
    return {
      to: memberPage(page),
      className: `side-menu__item${active ? ' active' : ''}`,
      'aria-current': active ? ('page' as const) : undefined,
    };
  };

  const showVip = !isLogin || !!whitelabel?.vip.enabled;
  const showInvite = !isLogin || !!whitelabel?.referral.enabled;
  const apps = resources.filter((r) => r.resourceType === 'APP_IOS' || r.resourceType === 'APP_ANDROID');

  useEffect(() => {
    if (!open || !matchMedia(PHONE).matches) return;
    const unlock = lockScroll();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') uiStore.set({ showSideMenu: false });
    };
    document.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
    };
  }, [open]);

  return (
    <>
      <div
        className={`drawer-backdrop${open ? ' is-open' : ''}`}
        onClick={() => uiStore.set({ showSideMenu: false })}
        aria-hidden="true"
      />
      {/* A landmark of its own: everything in it (app download, preferences, social links) belongs to
          a region a screen-reader user can reach. */}
      <aside
        id="side-menu"
        ref={panel}
        className={`side-menu${open ? ' is-open' : ''}`}
        aria-label={t('sideMenu.label')}
      >
        <button
          type="button"
          className="icon-btn side-menu__close"
          aria-label={t('header.closeMenu')}
          onClick={() => uiStore.set({ showSideMenu: false })}
        >
          <Icon name="close" />
        </button>
        <nav aria-label={t('sideMenu.label')}>
          <ul className="side-menu__group">
            <li>
              <NavLink to={paths.home} end className="side-menu__item">
                <Icon name="home" />
                <span>{t('sideMenu.home')}</span>
              </NavLink>
            </li>
            {showVip && (
              <li>
                <Link to={paths.vip} className="side-menu__item side-menu__item--vip">
                  <Icon name="crown" />
                  <span>{whitelabel?.vip.labelName || t('sideMenu.vip')}</span>
                </Link>
              </li>
            )}
            {showInvite && (
              <li>
                <Link {...memberLink('referral')}>
                  <Icon name="gift" />
                  <span>{t('sideMenu.invite')}</span>
                </Link>
              </li>
            )}
            <li>
              <Link {...memberLink('personalHistoryCopy')}>
                <Icon name="receipt" />
                <span>{t('sideMenu.bettingRecord')}</span>
              </Link>
            </li>
          </ul>

          <h2 className="side-menu__heading">{t('sideMenu.promotions')}</h2>
          <ul className="side-menu__group">
            {promotions.map((promo) => (
              <li key={promo.id}>
                <NavLink to={`${paths.promotions}#${promo.id}`} className="side-menu__item">
                  <Icon name="megaphone" />
                  <span>{promo.title}</span>
                </NavLink>
              </li>
            ))}
            {promotions.length === 0 && <li className="side-menu__note">{t('sideMenu.noPromotions')}</li>}
            <li>
              <NavLink to={paths.promotions} className="side-menu__item side-menu__item--more">
                <Icon name="chevronRight" />
                <span>{t('sideMenu.morePromotions')}</span>
              </NavLink>
            </li>
          </ul>
        </nav>

        {apps.length > 0 && (
          <section className="side-menu__section" aria-labelledby="app-download-title">
            <h2 id="app-download-title" className="side-menu__heading">
              {t('sideMenu.appDownload')}
            </h2>
            {/* The QR codes' code loads when they come into view (a phone's drawer is closed at first). */}
            <WhenVisible className="app-download app-download--loading">
              <Suspense fallback={<div className="app-download app-download--loading" />}>
                <AppDownload apps={apps} />
              </Suspense>
            </WhenVisible>
          </section>
        )}

        <div className="side-menu__section">
          <CustomerServiceButton variant="menu" />
        </div>

        <div className="side-menu__section side-menu__prefs">
          <h2 className="side-menu__heading">{t('sideMenu.preferences')}</h2>
          <LanguageSelect id="side-language" />
          {/* Phones: the header has no room for the theme button (see responsive.css). */}
          <ThemeToggle className="btn btn--ghost side-menu__theme" showLabel />
        </div>

        <SocialLinks className="side-menu__social" headingClass="side-menu__heading" />
      </aside>
    </>
  );
}
