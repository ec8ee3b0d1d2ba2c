import { Suspense } from 'react';
import { AgentLoginForm } from '@/features/auth';
import { BrandLink, LanguageSelect, ThemeToggle, useSiteName } from '@/features/system';
import { useT } from '@/i18n';
import { Icon, Skeleton } from '@/ui';

/** /agent: marketing text, the embedded agent login and the working-hours note. */
export default function AgentLandingPage() {
  const { t } = useT();
  const site = useSiteName();
  return (
    <div className="agent-landing">
      <div className="agent-landing__top">
        <BrandLink />
        <div className="agent-landing__prefs">
          <LanguageSelect id="agent-language" />
          <ThemeToggle />
        </div>
      </div>
      <div className="agent-landing__grid">
        <section className="agent-landing__pitch" aria-labelledby="agent-title">
          <h1 id="agent-title">{t('agent.landingTitle', { site })}</h1>
          <p className="agent-landing__lead">{t('agent.landingLead')}</p>
          <ul className="agent-landing__benefits">
            <li>
              <Icon name="users" />
              {t('agent.benefitTeam')}
            </li>
            <li>
              <Icon name="chart" />
              {t('agent.benefitReports')}
            </li>
            <li>
              <Icon name="wallet" />
              {t('agent.benefitPay')}
            </li>
          </ul>
          <p className="agent-landing__hours">
            <Icon name="clock" size={18} />
            {t('agent.hours')}
          </p>
        </section>
        <div className="agent-landing__login card">
          <Suspense
            fallback={
              <div className="form">
                <Skeleton height="28px" width="50%" />
                <Skeleton height="64px" />
                <Skeleton height="64px" />
                <Skeleton height="48px" />
              </div>
            }
          >
            <AgentLoginForm />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
