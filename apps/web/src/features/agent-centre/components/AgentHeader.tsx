import { useEffect, useState } from 'react';
import { confirmLogout } from '@/features/auth';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Icon } from '@/ui';
import { gmtOffset } from '../gmt';

/** The agent bar (spec section 2): GMT offset, a clock updated every second, the account, sign out. */
export default function AgentHeader() {
  const { t, language } = useT();
  const member = useUi((state) => state.memberInfo);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = new Intl.DateTimeFormat(language === 'PT' ? 'pt-BR' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(now);

  return (
    <header className="agent-bar" aria-label={t('agent.headerLabel')}>
      <div className="agent-bar__inner">
        <span className="agent-bar__brand">
          <Icon name="briefcase" size={18} />
          {t('agent.centreTitle')}
        </span>
        <span className="agent-bar__clock">
          <span className="agent-bar__gmt">{gmtOffset(now)}</span>
          <time dateTime={now.toISOString()} aria-label={t('agent.clock')}>
            {time}
          </time>
        </span>
        <span className="agent-bar__account">
          <Icon name="user" size={18} />
          <span>{member?.nickname || member?.account || t('agent.account')}</span>
        </span>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => confirmLogout(paths.agent)}>
          <Icon name="logout" size={16} />
          {t('agent.signOut')}
        </button>
      </div>
    </header>
  );
}
