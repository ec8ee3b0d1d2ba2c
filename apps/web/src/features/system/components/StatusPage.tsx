import { useEffect, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { Icon, type CoreIconName } from '@/ui';
import { hideBootCover } from '../boot-cover';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

interface Props {
  icon: CoreIconName;
  tone: 'accent' | 'danger';
  title: string;
  text: string;
  children?: ReactNode;
}

/** The full-page layout shared by the maintenance, region-blocked and network-error pages. */
export function StatusPage({ icon, tone, title, text, children }: Props) {
  const { t } = useT();
  useEffect(hideBootCover, []);
  return (
    <div className="status-page">
      <header className="status-page__bar">
        <span className="brand-mark" aria-hidden="true">
          B
        </span>
        <div className="status-page__prefs">
          <LanguageSelect id="status-language" />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="status-page__main" tabIndex={-1}>
        <section className={`status-card status-card--${tone}`} aria-labelledby="status-title">
          <span className="status-card__icon">
            <Icon name={icon} size={36} />
          </span>
          <h1 id="status-title">{title}</h1>
          <p className="status-card__text">{text}</p>
          {children}
        </section>
      </main>
      <footer className="status-page__foot">{t('footer.responsible')}</footer>
    </div>
  );
}
