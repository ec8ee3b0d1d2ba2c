import { Link } from 'react-router';
import { confirmLogout } from '@/features/auth';
import { BrandLink, LanguageSelect, ThemeToggle } from '@/features/system';
import { BalanceChip, LiveBalance } from '@/features/wallet';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { FullIcon } from '@/ui';
import { dateTimeFormat, gmtOffset, useNow } from '@/lib/clock';
import './agent-centre.css';

/**
 * The agent bar (spec section 2): GMT offset, a clock updated every second, the account and sign out;
 * plus what the member site's header offers: the logo, a way back to the site, language and theme.
 * On phones it keeps to two lines: brand and controls, then the account and clock.
 */
export default function AgentHeader() {
  const { t, language } = useT();
  const member = useUi((state) => state.memberInfo);
  const now = new Date(useNow(1000));
  // The same date format as the member centre's records (lib/clock), in both languages.
  const time = dateTimeFormat(language).format(now);

  return (
    <header className="agent-bar" aria-label={t('agent.headerLabel')}>
      <div className="agent-bar__inner">
        <BrandLink />
        <span className="agent-bar__title">
          <FullIcon name="briefcase" size={18} />
          {t('agent.centreTitle')}
        </span>
        <div className="agent-bar__controls">
          <Link to={paths.home} className="btn btn--ghost btn--sm agent-bar__site">
            <FullIcon name="home" size={16} />
            <span>{t('agent.memberSite')}</span>
          </Link>
          <LanguageSelect id="agent-bar-language" className="agent-bar__lang" />
          <ThemeToggle />
          <button
            type="button"
            className="btn btn--ghost btn--sm agent-bar__signout"
            onClick={() => confirmLogout(paths.agent)}
          >
            <FullIcon name="logout" size={16} />
            <span>{t('agent.signOut')}</span>
          </button>
        </div>
        <div className="agent-bar__status">
          <span className="agent-bar__account">
            <FullIcon name="user" size={18} />
            <span>{member?.nickname || member?.account || t('agent.account')}</span>
          </span>
          {/* The agent's own money (members can send to their agent), live as in the member header. */}
          <span className="agent-bar__balance">
            <LiveBalance memberId={member?.id} />
            <BalanceChip />
          </span>
          <span className="agent-bar__clock">
            <span className="agent-bar__gmt">{gmtOffset(now)}</span>
            <time dateTime={now.toISOString()} aria-label={t('agent.clock')}>
              {time}
            </time>
          </span>
        </div>
      </div>
    </header>
  );
}
