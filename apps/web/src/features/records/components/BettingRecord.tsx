import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api';
import { LIST_GAME_TYPES, type BetRecordEntry as Bet } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { Button } from '@/ui';
import {
  BET_STATUSES,
  betPageQuery,
  recordVendorsQuery,
  verifiable,
  verifyUrl,
  type BetFilters,
} from '../api/records-api';

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
  const when = dateTimeFormat(language);
  const columns: RecordColumn<Bet>[] = [
    {
      id: 'time',
      header: t('records.time'),
      card: 'double',
      render: (r) => <time dateTime={r.openedAt}>{when.format(new Date(r.openedAt))}</time>,
    },
    {
      id: 'game',
      header: t('records.game'),
      card: 'title',
      className: 'records__stack',
      render: (r) => (
        <>
          <span className="records__strong">{r.gameName}</span>
          <span className="records__sub">{r.vendorName}</span>
        </>
      ),
    },
    { id: 'category', header: t('records.category'), render: (r) => t(`category.${r.category}`) },
    {
      id: 'stake',
      header: t('records.stake'),
      numeric: true,
      render: (r) => formatMinorUnits(r.stake, language),
    },
    {
      id: 'payout',
      header: t('records.payout'),
      numeric: true,
      render: (r) => formatMinorUnits(r.payout, language),
    },
    {
      id: 'profit',
      header: t('records.profit'),
      numeric: true,
      render: (r) => <Money minor={r.profit} signed />,
    },
    {
      id: 'status',
      header: t('records.status'),
      render: (r) => (
        <span className={`records__status is-${r.status.toLowerCase()}`}>
          {t(`records.statuses.${r.status}`)}
        </span>
      ),
    },
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
        selects: [
          {
            name: 'category',
            label: t('records.category'),
            all: t('records.allCategories'),
            options: LIST_GAME_TYPES.map((c) => ({ value: c, label: t(`category.${c}`) })),
          },
          {
            name: 'vendor',
            label: t('records.vendor'),
            all: t('records.allVendors'),
            options: (vendors.data ?? []).map((v) => ({ value: v.vassalage, label: v.displayName })),
          },
          {
            name: 'status',
            label: t('records.status'),
            all: t('records.allStatuses'),
            options: BET_STATUSES.map((s) => ({ value: s, label: t(`records.statuses.${s}`) })),
          },
        ],
        range: { from: 'from', to: 'to' },
      }}
      pageQuery={(cursor) => betPageQuery(memberId, language, filters.applied, cursor)}
      summary={({ totals }) => (
        <dl className="records__totals" aria-label={t('records.totals')} data-testid="bet-totals">
          <div>
            <dt>{t('records.rounds')}</dt>
            <dd>{totals.count}</dd>
          </div>
          <div>
            <dt>{t('records.stake')}</dt>
            <dd>{formatMinorUnits(totals.stake, language)}</dd>
          </div>
          <div>
            <dt>{t('records.payout')}</dt>
            <dd>{formatMinorUnits(totals.payout, language)}</dd>
          </div>
          <div>
            <dt>{t('records.profit')}</dt>
            <dd>
              <Money minor={totals.profit} signed />
            </dd>
          </div>
        </dl>
      )}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="bet-row"
      texts={{ emptyFiltered: t('records.betsEmptyFiltered') }}
      caption={t('member.pages.personalHistoryCopy')}
      cardColumns={3}
    />
  );
}
