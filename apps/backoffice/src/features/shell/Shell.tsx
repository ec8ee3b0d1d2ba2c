import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { PAGES } from '@/app/paths.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n, type Lang } from '@/i18n/i18n.ts';
import { setTheme, useTheme } from '@/theme/theme.ts';
import { needingAttention, useEventConsumers } from '@/features/events/events-query.ts';
import { useOpenFeedbackCount } from '@/features/feedback/feedback-query.ts';

/** The frame of every page: navigation by role, the operator menu, the page. */
export function Shell() {
  const { t } = useI18n();
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  const pages = PAGES.filter((p) => can(p.permission));
  const events = useEventConsumers({ enabled: can('system.events'), refetchMs: 60_000 });
  const attention = needingAttention(events.data);
  const openFeedback = useOpenFeedbackCount({ enabled: can('members.messages') }).data ?? 0;
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="btn btn--ghost topbar__menu"
          aria-expanded={open}
          aria-controls="side-nav"
          onClick={() => setOpen(!open)}
        >
          ☰ <span>{t('nav.menu')}</span>
        </button>
        <NavLink to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            B
          </span>
          <span>
            {t('app.name')} · {t('app.backOffice')}
          </span>
        </NavLink>
        <OperatorMenu />
      </header>
      <nav id="side-nav" className={`sidenav${open ? ' sidenav--open' : ''}`} aria-label={t('nav.label')}>
        <ul>
          {pages.map((p) => (
            <li key={p.path}>
              <NavLink to={p.path} onClick={() => setOpen(false)}>
                {t(p.label)}
                {p.path === '/events' && attention > 0 && (
                  <span className="badge badge--failed nav-count" data-testid="events-attention">
                    {attention}
                    <span className="sr-only"> {t('events.needAttention')}</span>
                  </span>
                )}
                {p.path === '/feedback' && openFeedback > 0 && (
                  <span className="badge badge--pending nav-count" data-testid="feedback-open">
                    {openFeedback}
                    <span className="sr-only"> {t('feedback.navOpen')}</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function OperatorMenu() {
  const { t, lang, setLang } = useI18n();
  const theme = useTheme();
  const { me, logout } = useSession();
  const navigate = useNavigate();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) ref.current.open = false;
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);
  if (!me) return null;
  return (
    <details className="opmenu" ref={ref}>
      <summary>
        <span className="sr-only">{t('menu.label')}: </span>
        <span className="opmenu__avatar" aria-hidden="true">
          {me.operator.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="opmenu__who">
          <strong>{me.operator.username}</strong>
          <small>{t(`roles.${me.operator.role}`)}</small>
        </span>
      </summary>
      <div className="opmenu__panel">
        <fieldset className="seg">
          <legend>{t('menu.theme')}</legend>
          {(['dark', 'light'] as const).map((v) => (
            <label key={v}>
              <input type="radio" name="theme" value={v} checked={theme === v} onChange={() => setTheme(v)} />
              {t(`menu.${v}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="seg">
          <legend>{t('menu.language')}</legend>
          {(
            [
              ['pt', 'Português'],
              ['en', 'English'],
            ] as [Lang, string][]
          ).map(([v, name]) => (
            <label key={v}>
              <input type="radio" name="lang" value={v} checked={lang === v} onChange={() => setLang(v)} />
              {name}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="btn"
          onClick={() => {
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('menu.logout')}
        </button>
      </div>
    </details>
  );
}
