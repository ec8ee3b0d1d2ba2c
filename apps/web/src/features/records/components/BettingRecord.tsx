import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api';
import type { BetRecordEntry as Bet } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { useUi } from '@/state';
import {
  BetTotals,
  RecordPage,
  useBetColumns,
  useBetSelects,
  useUrlFilters,
  type RecordColumn,
} from '@/ui/records';
import { Button } from '@/ui';
import { betPageQuery, recordVendorsQuery, verifiable, verifyUrl, type BetFilters } from '../api/records-api';

/** Opens the game's fairness view on this round (a launch, then the house page verifies it). */
function VerifyRound({ bet }: { bet: Bet }) {
  const { t, language } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const phone = window.matchMedia('(max-width: 48rem)').matches;
      window.location.assign(await verifyUrl(bet, language, phone ? 'MOBILE' : 'DESKTOP'));
    } catch (e) {
      setError(t('records.verifyFailed', { message: isApiError(e) ? e.message : t('unknown_error') }));
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" busy={busy} onClick={() => void go()}>
        {t('records.verify')}
      </Button>
      <span className="records__sub">{t('records.verifyHint')}</span>
      {error && (
        <span className="records__sub records__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** A round's detail: its id (the fairness view's), game code, times, and the way to its proof. */
function RoundDetail({ bet }: { bet: Bet }) {
  const { t, language } = useT();
  const when = dateTimeFormat(language);
  return (
    <details className="records__detail">
      <summary>
        <span className="visually-hidden">{t('records.details')}: </span>
        <code className="records__round-id" title={bet.roundId}>
          {bet.roundId}
        </code>
      </summary>
      <dl className="records__detail-list">
        <div>
          <dt>{t('records.roundId')}</dt>
          <dd>
            <code data-testid="round-id">{bet.roundId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('records.gameCode')}</dt>
          <dd>
            {bet.gameCode} · {bet.vendorName}
          </dd>
        </div>
        <div>
          <dt>{t('records.openedAt')}</dt>
          <dd>{when.format(new Date(bet.openedAt))}</dd>
        </div>
        {bet.settledAt && (
          <div>
            <dt>{t('records.settledAt')}</dt>
            <dd>{when.format(new Date(bet.settledAt))}</dd>
          </div>
        )}
      </dl>
      <div className="records__detail-actions">
        {verifiable(bet) ? (
          <VerifyRound bet={bet} />
        ) : (
          <span className="records__sub">{t('records.noVerify')}</span>
        )}
      </div>
    </details>
  );
}

const NO_FILTERS: BetFilters = { category: '', vendor: '', status: '', from: '', to: '' };

/**
 * personalHistoryCopy (betting record): every round the member played, newest first, with game,
 * provider, category, stake, payout, profit and status; filters by category, provider, status and
 * day (the viewer's calendar, in the URL), totals over the whole filter, and "load more" by keyset.
 * A table on wide screens, one card per round on a phone.
 */
export default function BettingRecord() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const vendors = useQuery(recordVendorsQuery(language));
  const bet = useBetColumns<Bet>();
  const selects = useBetSelects<BetFilters>(vendors.data);
  const columns: RecordColumn<Bet>[] = [
    bet.time,
    { ...bet.game, card: 'title' },
    bet.stake,
    bet.payout,
    bet.profit,
    bet.status,
    {
      id: 'round',
      header: t('records.round'),
      card: 'wide',
      className: 'records__round',
      render: (r) => <RoundDetail bet={r} />,
    },
  ];

  return (
    <RecordPage
      filters={filters}
      filterBar={{
        label: t('records.apply'),
        selects,
        range: { from: 'from', to: 'to' },
      }}
      pageQuery={(cursor) => betPageQuery(memberId, language, filters.applied, cursor)}
      summary={({ totals }) => <BetTotals totals={totals} testId="bet-totals" />}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="bet-row"
      texts={{ emptyFiltered: t('records.betsEmptyFiltered') }}
      caption={t('member.pages.personalHistoryCopy')}
      cardColumns={3}
    />
  );
}
