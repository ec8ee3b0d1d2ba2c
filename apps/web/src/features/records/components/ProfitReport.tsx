import { useQuery } from '@tanstack/react-query';
import type { ProfitValue } from '@banca/contract';
import { useT } from '@/i18n';
import { localDay, localMidnight } from '@/lib/clock';
import { useUi } from '@/state';
import {
  Money,
  RecordFilters,
  RecordStates,
  RecordTable,
  badRange,
  useUrlFilters,
  type RecordColumn,
} from '@/ui/records';
import { profitQuery } from '../api/records-api';
import { ProfitChart } from './ProfitChart';

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];
/** The default range per period: enough bars to read a trend, few enough to fit a phone. */
const DEFAULT_DAYS: Record<Period, number> = { day: 13, week: 55, month: 180 };
const periodOf = (value: string | null): Period => PERIODS.find((p) => p === value) ?? 'day';
const defaultsFor = (period: Period) => ({ period, from: localDay(-DEFAULT_DAYS[period]), to: localDay() });

type Category = ProfitValue['categories'][number];

/**
 * personalProfit: profit and loss of settled rounds by day, week or month (the merchant's calendar,
 * named under the chart) over a range, a bar per period, the totals, and a table by category. The
 * period and range are in the URL; a period's default range follows it.
 */
export default function ProfitReport() {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters((params) => defaultsFor(periodOf(params.get('period'))));
  const period = periodOf(filters.applied.period);
  // A hand-edited URL with a range that cannot be asked for shows the period's default range.
  const valid =
    localMidnight(filters.applied.from) !== undefined &&
    localMidnight(filters.applied.to) !== undefined &&
    !badRange(filters.applied.from, filters.applied.to, true);
  const range = valid ? filters.applied : defaultsFor(period);
  const report = useQuery(profitQuery(memberId, period, range.from, range.to));
  const columns: RecordColumn<Category>[] = [
    {
      id: 'category',
      header: t('records.category'),
      rowHeader: true,
      card: 'title',
      render: (c) => t(`category.${c.category}`),
    },
    { id: 'rounds', header: t('records.rounds'), numeric: true, render: (c) => c.rounds },
    { id: 'stake', header: t('records.stake'), numeric: true, render: (c) => <Money minor={c.stake} /> },
    { id: 'payout', header: t('records.payout'), numeric: true, render: (c) => <Money minor={c.payout} /> },
    {
      id: 'profit',
      header: t('records.profit'),
      numeric: true,
      card: 'aside',
      render: (c) => <Money minor={c.profit} signed />,
    },
  ];

  return (
    <div className="records">
      <RecordFilters
        filters={filters}
        range={{ from: 'from', to: 'to', required: true }}
        label={t('records.profitPage.range')}
        head={
          <div className="records__segmented" role="group" aria-label={t('records.profitPage.period')}>
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                className="records__segment"
                aria-pressed={p === period}
                onClick={() => filters.apply(defaultsFor(p))}
              >
                {t(`records.profitPage.periods.${p}`)}
              </button>
            ))}
          </div>
        }
      />
      <RecordStates query={report} empty={false} loadingRows={5}>
        {report.data && (
          <>
            <dl className="records__totals" aria-label={t('records.totals')} data-testid="profit-totals">
              <div>
                <dt>{t('records.rounds')}</dt>
                <dd>{report.data.totals.rounds}</dd>
              </div>
              <div>
                <dt>{t('records.stake')}</dt>
                <dd>
                  <Money minor={report.data.totals.stake} />
                </dd>
              </div>
              <div>
                <dt>{t('records.payout')}</dt>
                <dd>
                  <Money minor={report.data.totals.payout} />
                </dd>
              </div>
              <div>
                <dt>{t('records.profit')}</dt>
                <dd>
                  <Money minor={report.data.totals.profit} signed />
                </dd>
              </div>
            </dl>
            <figure className="records__panel">
              <figcaption>{t('records.profitPage.chart')}</figcaption>
              <ProfitChart periods={report.data.periods} period={period} />
              <p className="records__note">
                {t('records.profitPage.timeZone', { zone: report.data.timeZone })}
              </p>
            </figure>
            <RecordStates
              query={report}
              empty={report.data.categories.length === 0}
              texts={{ empty: t('records.profitPage.empty'), emptyHint: '' }}
            >
              <RecordTable
                rows={report.data.categories}
                columns={columns}
                rowKey={(c) => c.category}
                rowTestId="profit-category"
                caption={t('records.profitPage.byCategory')}
                captionVisible
                cardColumns={3}
              />
            </RecordStates>
          </>
        )}
      </RecordStates>
    </div>
  );
}
