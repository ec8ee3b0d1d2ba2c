import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AgentCentrePage as Page, Whitelabel } from '@banca/contract';
import { hasToken } from '@/api';
import { showTrialPrompt } from '@/features/auth';
import { CustomerServiceButton, useWhitelabel } from '@/features/system';
import { agentPage, paths } from '@/config/paths';
import { AGENT_CENTRE_PAGES } from '@banca/contract';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import { CentreLayout, ComingSoon, Spinner, type IconName } from '@/ui';
import { MessagesPage, useUnreadMessages } from '@/features/messages';
import { TeamOverview } from './TeamOverview';
// Agent contracts (issue 24).
import { ContractPage } from '@/features/contracts';

const RegisterCenter = lazy(() => import('./RegisterCenter'));
const DownlineView = lazy(() => import('./DownlineView'));
const TeamBets = lazy(() => import('./TeamBets'));
const TeamPnl = lazy(() => import('./TeamPnl'));
const TeamTransactions = lazy(() => import('./TeamTransactions'));
const IncomeReport = lazy(() => import('./IncomeReport'));

/** The pages built on the team reports (issue 24), each its own lazy chunk. */
const REPORT_PAGES: Partial<Record<Page, ComponentType>> = {
  personalHistoryCopy: TeamBets,
  palStatementsAgentCopy: TeamPnl,
  agentDownlineTransactionDetailsCopy: TeamTransactions,
  agentRevenueReport: IncomeReport,
};

/** The contract pages (agent contracts, issue 24) and the kind each shows. */
const CONTRACT_PAGES = {
  agentDividendRecordCopy2: 'DIVIDEND',
  agentDailyWages2: 'DAILY',
  agentHourSalary: 'HOURLY',
  agentRealtimeSalary: 'REALTIME',
} as const;
const isContractPage = (p: Page): p is keyof typeof CONTRACT_PAGES => p in CONTRACT_PAGES;
import './agent-centre.css';

const ICONS: Record<Page, IconName> = {
  agentAnnouncement: 'megaphone',
  agentTeamOverview: 'users',
  registerCenter: 'user',
  downlineManagmentView: 'users',
  personalHistoryCopy: 'receipt',
  palStatementsAgentCopy: 'chart',
  agentRevenueReport: 'wallet',
  agentDownlineTransactionDetailsCopy: 'receipt',
  agentDividendRecordCopy2: 'gem',
  agentDailyWages2: 'clock',
  agentHourSalary: 'clock',
  agentRealtimeSalary: 'clock',
  depositv2: 'deposit',
  withdraw: 'withdraw',
  messageV2: 'mail',
  customerService: 'headset',
};

/** Dividend and salary entries show only when the merchant's contract flags say so (spec section 2). */
export const agentMenu = (flags: Whitelabel['contracts'] | undefined): Page[] =>
  AGENT_CENTRE_PAGES.filter((page) => {
    if (page === 'agentDividendRecordCopy2') return !!flags?.dividend;
    if (page === 'agentDailyWages2') return !!flags?.dailySalary;
    if (page === 'agentHourSalary') return !!flags?.hourlySalary;
    if (page === 'agentRealtimeSalary') return !!flags?.realtimeSalary;
    return true;
  });

const isPage = (value: string | null): value is Page =>
  !!value && (AGENT_CENTRE_PAGES as readonly string[]).includes(value);

/** /agentHome: the agent-centre menu and the selected page (default agentTeamOverview). */
export default function AgentCentrePage() {
  const { t } = useT();
  const whitelabel = useWhitelabel();
  const menu = agentMenu(whitelabel?.contracts);
  const [params, setParams] = useSearchParams();
  const acPage = useUi((state) => state.acPage);
  const requested = params.get('page');
  const page: Page = isPage(requested) && menu.includes(requested) ? requested : acPage;

  const navigate = useNavigate();
  const isLogin = useUi((state) => state.isLogin);
  const member = useUi((state) => state.memberInfo);
  // Spec section 4: the agent centre sends non-agents to /agent; a trial account sees its prompt.
  const refused = (!isLogin && !hasToken()) || (member !== null && !member.isAgent);

  useEffect(() => {
    if (!refused) return;
    if (member?.isTrial) showTrialPrompt();
    void navigate(paths.agent, { replace: true });
  }, [refused, member, navigate]);

  useEffect(() => {
    uiStore.set({ acPage: page });
  }, [page]);

  const Report = REPORT_PAGES[page];
  const unread = useUnreadMessages() ?? 0;

  if (refused || !member)
    return (
      <div className="centre centre--agent centre--waiting">
        <Spinner size="lg" />
      </div>
    );

  return (
    <CentreLayout
      className="centre--agent"
      title={t('agent.centreTitle')}
      menuLabel={t('agent.menu')}
      items={menu.map((item) => ({
        key: item,
        label: t(`agent.pages.${item}`),
        icon: ICONS[item],
        // The agent's own inbox, as in the member centre.
        ...(item === 'messageV2' && {
          badge: {
            count: unread,
            label: unread === 1 ? t('account.unreadOne') : t('account.unread', { count: unread }),
          },
        }),
      }))}
      current={page}
      onSelect={(item) => setParams({ page: item })}
      panelId="ac-title"
    >
      {page === 'customerService' ? (
        <CustomerServiceButton />
      ) : page === 'agentTeamOverview' ? (
        <TeamOverview />
      ) : isContractPage(page) ? (
        <Suspense fallback={<Spinner size="lg" />}>
          <ContractPage kind={CONTRACT_PAGES[page]} />
        </Suspense>
      ) : page === 'registerCenter' || page === 'downlineManagmentView' ? (
        <Suspense fallback={<Spinner size="lg" />}>
          {page === 'registerCenter' ? <RegisterCenter /> : <DownlineView />}
        </Suspense>
      ) : page === 'messageV2' ? (
        <Suspense fallback={<Spinner size="lg" />}>
          <MessagesPage />
        </Suspense>
      ) : Report ? (
        <Suspense fallback={<Spinner size="lg" />}>
          <Report />
        </Suspense>
      ) : (
        // A page not built yet is said plainly, not shown as "no data".
        <ComingSoon
          badge={t('comingSoon.badge')}
          title={t('comingSoon.title', { feature: t(`agent.pages.${page}`) })}
          text={t('comingSoon.text')}
          icon={ICONS[page]}
        >
          <Link to={agentPage('agentTeamOverview')} className="btn btn--primary btn--md">
            {t('comingSoon.backTeam')}
          </Link>
          <Link to={paths.home} className="btn btn--outline btn--md">
            {t('comingSoon.backHome')}
          </Link>
        </ComingSoon>
      )}
    </CentreLayout>
  );
}
