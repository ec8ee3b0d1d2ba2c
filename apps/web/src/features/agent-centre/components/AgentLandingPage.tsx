import { Suspense } from 'react';
import { Link } from 'react-router';
import { AgentLoginForm, confirmLogout } from '@/features/auth';
import {
  BrandLink,
  CustomerServiceButton,
  LanguageSelect,
  ThemeToggle,
  useSiteName,
} from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, FullIcon, Skeleton } from '@/ui';
import './agent-centre.css';

const formSkeleton = (
  <div className="form">
    <Skeleton height="28px" width="50%" />
    <Skeleton height="64px" />
    <Skeleton height="64px" />
    <Skeleton height="48px" />
  </div>
);

/**
 * Who is already logged in on this browser sees that instead of the login form: an agent is offered
 * the centre; a member is told plainly that this is the agents' door, with a way back to the site.
 */
function SignedInNotice() {
  const { t } = useT();
  const isAgent = useUi((state) => state.isAgent);
  const memberInfo = useUi((state) => state.memberInfo);
  const account = memberInfo?.nickname || memberInfo?.account || '';
  if (isAgent) {
    return (
      <section className="agent-landing__notice" aria-labelledby="agent-notice-title">
        <h2 id="agent-notice-title">{t('agent.signedInAgentTitle')}</h2>
        <p>{t('agent.signedInAgentText', { account })}</p>
        <Link to={paths.agentHome} className="btn btn--primary btn--md btn--block">
          {t('agent.openCentre')}
        </Link>
      </section>
    );
  }
  return (
    <section className="agent-landing__notice" role="status" aria-labelledby="agent-notice-title">
      <h2 id="agent-notice-title">{t('agent.signedInMemberTitle')}</h2>
      <p>{t('agent.signedInMemberText', { account })}</p>
      <Link to={paths.home} className="btn btn--primary btn--md btn--block">
        {t('agent.memberSite')}
      </Link>
      <Button variant="ghost" block onClick={() => confirmLogout(paths.agent)}>
        {t('agent.signOutToSwitch')}
      </Button>
    </section>
  );
}

/** /agent: marketing text, the embedded agent login and the working-hours note. */
export default function AgentLandingPage() {
  const { t } = useT();
  const site = useSiteName();
  const isLogin = useUi((state) => state.isLogin);
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
              <FullIcon name="users" />
              {t('agent.benefitTeam')}
            </li>
            <li>
              <FullIcon name="chart" />
              {t('agent.benefitReports')}
            </li>
            <li>
              <FullIcon name="wallet" />
              {t('agent.benefitPay')}
            </li>
          </ul>
          <p className="agent-landing__hours">
            <FullIcon name="clock" size={18} />
            {t('agent.hours')}
          </p>
          {/* Becoming an agent goes through the merchant's customer service: the way to apply. */}
          <div className="agent-landing__apply">
            <h2 id="agent-apply-title">{t('agent.applyTitle')}</h2>
            <p>{t('agent.applyText')}</p>
            <CustomerServiceButton label={t('agent.applyAction')} />
          </div>
        </section>
        <div className="agent-landing__login card">
          {isLogin ? (
            <SignedInNotice />
          ) : (
            <Suspense fallback={formSkeleton}>
              <AgentLoginForm />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
