import { useQuery } from '@tanstack/react-query';
import { LIST_GAME_TYPES, type TeamBetEntry } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { teamBetsQuery, vendorsQuery, type TeamBetFilters } from '../api/agent-api';

const NO_FILTERS: TeamBetFilters = { account: '', category: '', vendor: '', status: '', from: '', to: '' };
const STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;

/**
 * personalHistoryCopy in the agent centre (team betting): the betting record's filters over the whole
 * team or one member of it (by account), totals over the whole filter (rounds, stake, valid bet,
 * payout, P&L), keyset "load more". A table on desktop, cards on a phone.
 */
export default function TeamBets() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const vendors = useQuery(vendorsQuery(language));
  const when = dateTimeFormat(language);
  const columns: RecordColumn<TeamBetEntry>[] = [
    {
      id: 'time',
      header: t('records.time'),
      card: 'double',
      render: (r) => <time dateTime={r.openedAt}>{when.format(new Date(r.openedAt))}</time>,
    },
    {
      id: 'account',
      header: t('agent.downline.account'),
      card: 'title',
      render: (r) => <span data-testid="team-bet-account">{r.account}</span>,
    },
    {
      id: 'game',
      header: t('records.game'),
      className: 'records__stack',
      render: (r) => (
        <>
          <span className="records__strong">{r.gameName}</span>
          <span className="records__sub">
            {r.vendorName} · {t(`category.${r.category}`)}
          </span>
        </>
      ),
    },
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
      card: 'aside',
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
  ];

  return (
    <RecordPage
      title={t('agent.pages.personalHistoryCopy')}
      filters={filters}
      filterBar={{
        label: t('agent.reports.filters'),
        inputs: [
          { name: 'account', label: t('agent.reports.member'), placeholder: t('agent.reports.wholeTeam') },
        ],
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
            options: STATUSES.map((s) => ({ value: s, label: t(`records.statuses.${s}`) })),
          },
        ],
        range: { from: 'from', to: 'to' },
      }}
      pageQuery={(cursor) => teamBetsQuery(memberId, language, filters.applied, cursor)}
      summary={({ totals }) => (
        <dl className="records__totals" aria-label={t('records.totals')} data-testid="team-bet-totals">
          <div>
            <dt>{t('records.rounds')}</dt>
            <dd>{totals.count}</dd>
          </div>
          <div>
            <dt>{t('records.stake')}</dt>
            <dd>{formatMinorUnits(totals.stake, language)}</dd>
          </div>
          <div>
            <dt>{t('agent.summary.validBet')}</dt>
            <dd data-testid="team-bet-valid">{formatMinorUnits(totals.validBet, language)}</dd>
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
      rowTestId="team-bet-row"
      caption={t('agent.pages.personalHistoryCopy')}
      cardColumns={3}
      texts={{
        empty: t('agent.reports.betsEmpty'),
        emptyHint: t('agent.reports.betsEmptyHint'),
        emptyFiltered: t('records.betsEmptyFiltered'),
      }}
    />
  );
}
