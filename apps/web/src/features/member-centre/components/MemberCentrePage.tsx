import { Suspense, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MemberCentrePage as Page } from '@banca/contract';
import { MEMBER_CENTRE_PAGES } from '@banca/contract';
import { showTrialPrompt } from '@/features/auth';
import { memberPage, paths } from '@/config/paths';
import { useT } from '@/i18n';
import { uiStore, useUi } from '@/state';
import {
  DepositPage,
  TransactionHistory,
  TransferFund,
  TransferUplinePage,
  WithdrawPage,
} from '@/features/wallet';
import { BettingRecord, BonusDetails, ProfitReport } from '@/features/records';
import { MessagesPage, useUnreadMessages } from '@/features/messages';
import { CentreLayout, ComingSoon, Skeleton, Spinner, type IconName } from '@/ui';
import { SecurityCenter } from './SecurityCenter';

const ICONS: Record<Page, IconName> = {
  securityCenter: 'shield',
  transferFund: 'wallet',
  depositv2: 'deposit',
  withdraw: 'withdraw',
  transferUpline: 'users',
  personalHistoryCopy: 'receipt',
  transactionHistory: 'chart',
  personalProfit: 'chart',
  bonusDetails: 'gift',
  rewardCenter: 'trophy',
  referral: 'users',
  missionLeaderboard: 'star',
  messageV2: 'mail',
  manualRebate: 'gem',
};

const isPage = (value: string | null): value is Page =>
  !!value && (MEMBER_CENTRE_PAGES as readonly string[]).includes(value);

/** /member (login required): the member-centre menu and the selected page (default securityCenter). */
export default function MemberCentrePage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const mcPage = useUi((state) => state.mcPage);
  const requested = params.get('page');
  const page: Page = isPage(requested) ? requested : mcPage;

  // Spec sections 6 and 8: a trial account gets the in_need_true_account prompt instead, and goes
  // back where it came from (home when there is no history).
  const blocked = useUi((state) => state.isLogin && state.isTrial);
  const navigate = useNavigate();
  useEffect(() => {
    if (!blocked) return;
    showTrialPrompt();
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.home, { replace: true });
  }, [blocked, navigate]);

  useEffect(() => {
    uiStore.set({ mcPage: page });
  }, [page]);

  const unread = useUnreadMessages() ?? 0;

  if (blocked) return null;

  return (
    <CentreLayout
      title={t('member.title')}
      menuLabel={t('member.menu')}
      items={MEMBER_CENTRE_PAGES.map((item) => ({
        key: item,
        label: t(`member.pages.${item}`),
        icon: ICONS[item],
        ...(item === 'messageV2' && {
          badge: {
            count: unread,
            label: unread === 1 ? t('account.unreadOne') : t('account.unread', { count: unread }),
          },
        }),
      }))}
      current={page}
      onSelect={(item) => setParams({ page: item })}
      panelId="mc-title"
    >
      {page === 'securityCenter' ? (
        <SecurityCenter />
      ) : page === 'transactionHistory' ? (
        <Suspense fallback={<Spinner />}>
          <TransactionHistory />
        </Suspense>
      ) : page === 'transferFund' ? (
        <Suspense fallback={null}>
          <TransferFund />
        </Suspense>
      ) : page === 'depositv2' ? (
        <Suspense fallback={<Skeleton height="320px" />}>
          <DepositPage />
        </Suspense>
      ) : page === 'withdraw' ? (
        <Suspense fallback={null}>
          <WithdrawPage />
        </Suspense>
      ) : page === 'personalHistoryCopy' ? (
        <Suspense fallback={<Spinner />}>
          <BettingRecord />
        </Suspense>
      ) : page === 'personalProfit' ? (
        <Suspense fallback={<Spinner />}>
          <ProfitReport />
        </Suspense>
      ) : page === 'bonusDetails' ? (
        <Suspense fallback={<Spinner />}>
          <BonusDetails />
        </Suspense>
      ) : page === 'messageV2' ? (
        <Suspense fallback={<Spinner />}>
          <MessagesPage />
        </Suspense>
      ) : page === 'transferUpline' ? (
        <Suspense fallback={null}>
          <TransferUplinePage />
        </Suspense>
      ) : (
        // Every other page's capability (rewards, referral, missions, rebates) is not built yet.
        <ComingSoon
          badge={t('comingSoon.badge')}
          title={t('comingSoon.title', { feature: t(`member.pages.${page}`) })}
          text={t('comingSoon.text')}
          icon={ICONS[page]}
        >
          <Link to={memberPage('securityCenter')} className="btn btn--primary btn--md">
            {t('comingSoon.backAccount')}
          </Link>
          <Link to={paths.home} className="btn btn--outline btn--md">
            {t('comingSoon.backHome')}
          </Link>
        </ComingSoon>
      )}
    </CentreLayout>
  );
}
