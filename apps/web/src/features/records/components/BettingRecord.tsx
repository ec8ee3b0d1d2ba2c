import { useQuery } from '@tanstack/react-query';
import { LIST_GAME_TYPES, type BetRecordEntry as Bet } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { BET_STATUSES, betPageQuery, recordVendorsQuery, type BetFilters } from '../api/records-api';

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
      caption={t('member.pages.personalHistoryCopy')}
      cardColumns={3}
    />
  );
}
