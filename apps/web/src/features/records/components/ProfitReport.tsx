import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Empty, Skeleton } from '@/ui';
import { localDay, profitQuery } from '../api/records-api';
import { Money } from './Money';
import { ProfitChart } from './ProfitChart';
import './records.css';

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];
/** The default range per period: enough bars to read a trend, few enough to fit a phone. */
const DEFAULT_DAYS: Record<Period, number> = { day: 13, week: 55, month: 180 };

/**
 * personalProfit: profit and loss of settled rounds by day, week or month (the merchant's calendar,
 * named under the chart) over a range, a bar per period, the totals, and a table by category.
 */
export default function ProfitReport() {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const [period, setPeriod] = useState<Period>('day');
  const [draft, setDraft] = useState({ from: localDay(-DEFAULT_DAYS.day), to: localDay() });
  const [range, setRange] = useState(draft);
  const report = useQuery(profitQuery(memberId, period, range.from, range.to));
  const ids = { from: useId(), to: useId() };
  const badRange = draft.from === '' || draft.to === '' || draft.from > draft.to;

  const choose = (p: Period) => {
    setPeriod(p);
    const next = { from: localDay(-DEFAULT_DAYS[p]), to: localDay() };
    setDraft(next);
    setRange(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!badRange) setRange(draft);
  };

  return (
    <div className="records">
      <div className="records__filters">
        <div className="records__segmented" role="group" aria-label={t('records.profitPage.period')}>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className="records__segment"
              aria-pressed={p === period}
              onClick={() => choose(p)}
            >
              {t(`records.profitPage.periods.${p}`)}
            </button>
          ))}
        </div>
        <form className="records__range" onSubmit={apply} aria-label={t('records.profitPage.range')}>
          <div className="records__field">
            <label htmlFor={ids.from}>{t('records.from')}</label>
            <input
              id={ids.from}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="records__field">
            <label htmlFor={ids.to}>{t('records.to')}</label>
            <input
              id={ids.to}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              aria-invalid={badRange || undefined}
            />
          </div>
          <Button type="submit" variant="primary" disabled={badRange}>
            {t('records.apply')}
          </Button>
          {badRange && (
            <p className="records__error" role="alert">
              {t('records.badRange')}
            </p>
          )}
        </form>
      </div>

      {report.isPending ? (
        <Skeleton height="240px" />
      ) : report.isError ? (
        <Empty title={t('records.failed')} icon="receipt">
          <Button variant="outline" onClick={() => void report.refetch()}>
            {t('records.retry')}
          </Button>
        </Empty>
      ) : (
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
          <figure className="records__chart">
            <figcaption>{t('records.profitPage.chart')}</figcaption>
            <ProfitChart periods={report.data.periods} period={period} />
            <p className="records__note">
              {t('records.profitPage.timeZone', { zone: report.data.timeZone })}
            </p>
          </figure>
          {report.data.categories.length === 0 ? (
            <Empty title={t('records.profitPage.empty')} icon="receipt" />
          ) : (
            <table className="records__table records__table--compact">
              <caption>{t('records.profitPage.byCategory')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('records.category')}</th>
                  <th scope="col" className="records__num">
                    {t('records.rounds')}
                  </th>
                  <th scope="col" className="records__num">
                    {t('records.stake')}
                  </th>
                  <th scope="col" className="records__num">
                    {t('records.payout')}
                  </th>
                  <th scope="col" className="records__num">
                    {t('records.profit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.categories.map((c) => (
                  <tr key={c.category} data-testid="profit-category">
                    <th scope="row">{t(`category.${c.category}`)}</th>
                    <td data-label={t('records.rounds')} className="records__num">
                      {c.rounds}
                    </td>
                    <td data-label={t('records.stake')} className="records__num">
                      <Money minor={c.stake} />
                    </td>
                    <td data-label={t('records.payout')} className="records__num">
                      <Money minor={c.payout} />
                    </td>
                    <td data-label={t('records.profit')} className="records__num">
                      <Money minor={c.profit} signed />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
