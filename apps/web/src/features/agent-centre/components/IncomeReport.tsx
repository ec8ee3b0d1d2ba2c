import { useQuery } from '@tanstack/react-query';
import { CONTRACT_KINDS, INCOME_SOURCES, type IncomeSource, type IncomeValue } from '@banca/contract';
import { useT } from '@/i18n';
import { localDay } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { RecordFilters, RecordStates, RecordTable, useUrlFilters, type RecordColumn } from '@/ui/records';
import { incomeQuery } from '../api/agent-api';

type Row = IncomeValue['periods'][number];
const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];
const isPeriod = (p: string): p is Period => (PERIODS as readonly string[]).includes(p);
/** Shown only when they moved money in the range: most agents never owe or are owed. */
const DEBT_SOURCES: readonly IncomeSource[] = ['DEBT_REPAID', 'DEBT_WITHHELD'];

/**
 * agentRevenueReport (income): what the agent was credited, by source (transfers from its upline,
 * transfers from its own team, contract pay) and by day, week or month over a range of days (the
 * last 30 by default). Contract pay is split by kind (dividends, daily wages, hourly and real-time
 * salaries) for each kind that paid anything in the range; "not yet" when no contracts module reports.
 * Debt repayments, when there were any in the range: the late pay an upline short of funds paid the
 * agent, and the part of the agent's own contract pay withheld to repay its debts (negative).
 */
export default function IncomeReport() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters({ period: 'day', from: localDay(-29), to: localDay() });
  const { period, from, to } = filters.applied;
  const query = useQuery(incomeQuery(memberId, isPeriod(period) ? period : 'day', from, to));
  const money = (minor: number) => formatMinorUnits(minor, language);
  const value = query.data;
  const paidKinds = value ? CONTRACT_KINDS.filter((k) => value.totals.contracts[k] !== 0) : [];
  const sources = INCOME_SOURCES.filter(
    (s) => !DEBT_SOURCES.includes(s) || (value !== undefined && value.totals.sources[s] !== 0),
  );
  const columns: RecordColumn<Row>[] = [
    { id: 'label', header: t('agent.reports.periodStart'), card: 'title', render: (r) => r.label },
    ...sources.map((s): RecordColumn<Row> => ({
      id: s,
      header: t(`agent.reports.sources.${s}`),
      numeric: true,
      render: (r) =>
        s === 'CONTRACT' && value && !value.contractIncomeAvailable ? '—' : money(r.sources[s]),
    })),
    // Contract pay by kind: a column for each kind that paid anything in the range.
    ...paidKinds.map((k): RecordColumn<Row> => ({
      id: k,
      header: t(`agent.reports.contractKinds.${k}`),
      numeric: true,
      render: (r) => money(r.contracts[k]),
    })),
    {
      id: 'total',
      header: t('agent.reports.total'),
      numeric: true,
      card: 'aside',
      render: (r) => <strong>{money(r.total)}</strong>,
    },
  ];
  return (
    <section className="records" aria-labelledby="income-title">
      <h2 id="income-title" className="visually-hidden">
        {t('agent.pages.agentRevenueReport')}
      </h2>
      <RecordFilters
        filters={filters}
        label={t('agent.reports.filters')}
        selects={[
          {
            name: 'period',
            label: t('agent.reports.groupBy'),
            all: t('agent.reports.groups.day'),
            options: [
              { value: 'week', label: t('agent.reports.groups.week') },
              { value: 'month', label: t('agent.reports.groups.month') },
            ],
          },
        ]}
        range={{ from: 'from', to: 'to', required: true }}
      />
      {value && (
        <dl className="records__totals" aria-label={t('agent.reports.total')} data-testid="income-totals">
          {sources.map((s) => (
            <div key={s}>
              <dt>{t(`agent.reports.sources.${s}`)}</dt>
              <dd data-testid={`income-${s}`}>
                {s === 'CONTRACT' && !value.contractIncomeAvailable
                  ? t('agent.reports.contractLater')
                  : money(value.totals.sources[s])}
              </dd>
            </div>
          ))}
          {paidKinds.map((k) => (
            <div key={k}>
              <dt>{t(`agent.reports.contractKinds.${k}`)}</dt>
              <dd data-testid={`income-${k}`}>{money(value.totals.contracts[k])}</dd>
            </div>
          ))}
          <div>
            <dt>{t('agent.reports.total')}</dt>
            <dd data-testid="income-total">{money(value.totals.total)}</dd>
          </div>
        </dl>
      )}
      <RecordStates query={query} empty={!value || value.periods.length === 0} icon="receipt">
        <RecordTable
          rows={value ? [...value.periods].reverse() : []}
          columns={columns}
          rowKey={(r) => r.label}
          rowTestId="income-row"
          caption={t('agent.pages.agentRevenueReport')}
          cardColumns={2}
        />
      </RecordStates>
    </section>
  );
}
