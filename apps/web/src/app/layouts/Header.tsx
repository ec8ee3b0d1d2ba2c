import { Suspense, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountArea, openLogin, openRegister } from '@/features/auth';
import { BrandLink, LanguageSelect, ThemeToggle } from '@/features/system';
import { paths, memberPage } from '@/config/paths';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import { Button, Icon, useScrollStrip, type CoreIconName } from '@/ui';

const NAV: Array<{ to: string; key: 'deposit' | 'withdrawal' | 'agent' | 'promotions'; icon: CoreIconName }> =
  [
    { to: memberPage('depositv2'), key: 'deposit', icon: 'deposit' },
    { to: memberPage('withdraw'), key: 'withdrawal', icon: 'withdraw' },
    { to: paths.agent, key: 'agent', icon: 'briefcase' },
    { to: paths.promotions, key: 'promotions', icon: 'gift' },
  ];

/**
 * Site header: brand, nav entries (deposit and withdrawal go through the login guard), language and
 * theme, and the account area. Logged out: login and register; logged in: the account area (loaded on
 * demand with the auth code).
 */
export function Header({ withSideMenu }: { withSideMenu: boolean }) {
  const { t } = useT();
  const isLogin = useUi((state) => state.isLogin);
  const drawerOpen = useUi((state) => state.showSideMenu);
  // On phones the links share the width; should they ever not fit (a large font), the strip scrolls
  // and fades the edge that has more.
  const nav = useRef<HTMLElement>(null);
  useScrollStrip(nav, undefined);

  return (
    <header className="header">
      <div className="header__bar">
        {withSideMenu && (
          <button
            type="button"
            className="icon-btn header__menu-btn"
            aria-label={t(drawerOpen ? 'header.closeMenu' : 'header.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="side-menu"
            onClick={() => uiStore.set({ showSideMenu: !drawerOpen })}
          >
            <Icon name={drawerOpen ? 'close' : 'menu'} />
          </button>
        )}
        <BrandLink />
        <nav ref={nav} className="header__nav scroll-strip" aria-label={t('header.mainNav')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.key}>
                {item.to.includes('?') ? (
                  // Member-centre deep links: the guard decides; no active state on /member itself.
                  <Link to={item.to} className="header__nav-link">
                    <Icon name={item.icon} size={18} />
                    <span>{t(`header.${item.key}`)}</span>
                  </Link>
                ) : (
                  <NavLink to={item.to} className="header__nav-link">
                    <Icon name={item.icon} size={18} />
                    <span>{t(`header.${item.key}`)}</span>
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="header__actions">
          <LanguageSelect id="header-language" className="header__lang" />
          <ThemeToggle className="icon-btn header__theme" />
          {isLogin ? (
            <Suspense fallback={<div className="header__account" />}>
              <AccountArea />
            </Suspense>
          ) : (
            <div className="header__auth">
              <Button variant="outline" size="sm" onClick={() => openLogin()}>
                {t('header.login')}
              </Button>
              <Button variant="primary" size="sm" onClick={() => openRegister()}>
                {t('header.register')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
