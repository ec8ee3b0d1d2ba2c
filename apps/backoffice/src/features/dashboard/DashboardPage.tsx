import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { reportsCalls } from '@banca/contract/routes';
import type { ReportDashboard, ReportFigures } from '@banca/contract';
import { opsCall } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { locale, useI18n, type MessageKey } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatMoney } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { addDays, todayIn } from './days.ts';

/** The chart library loads with the chart, never with the login page (first-load budget). */
const DayChart = lazy(() => import('./DayChart.tsx'));

const ZONE_KEY = 'banca.backoffice.merchantZone';
const rememberedZone = (): string => {
  try {
    return localStorage.getItem(ZONE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
};

const fetchDashboard = (from: string, to: string) =>
  opsCall<ReportDashboard>(reportsCalls.dashboard, { query: { from, to } });

/**
 * The dashboard: today and a chosen range (`from`, `to` in the URL) in the merchant's days, as
 * figure cards, a per-day chart and the per-day, per-vendor and per-game-type tables (CSV).
 * "Today" is the merchant's: the zone comes back with every answer (remembered for the next visit).
 */
export function DashboardPage() {
  const { t } = useI18n();
  const [zone, setZone] = useState(rememberedZone);
  const today = todayIn(zone);
  const { values, setFilters } = useUrlFilters(['from', 'to'] as const);
  const from = values.from || addDays(today, -6);
  const to = values.to || today;

  const todayQuery = useQuery({
    queryKey: ['ops', 'reports', today, today],
    queryFn: () => fetchDashboard(today, today),
  });
  const rangeQuery = useQuery({
    queryKey: ['ops', 'reports', from, to],
    queryFn: () => fetchDashboard(from, to),
  });
  const answeredZone = todayQuery.data?.timeZone;
  // The merchant's zone as the gateway answered it: "today" follows it (state adjusted in render).
  if (answeredZone && answeredZone !== zone) setZone(answeredZone);
  useEffect(() => {
    if (!answeredZone) return;
    try {
      localStorage.setItem(ZONE_KEY, answeredZone);
    } catch {
      // storage unavailable: this page only
    }
  }, [answeredZone]);

  const range = rangeQuery.data;
  return (
    <section className="page dash">
      <h1 id="dash-title">{t('dashboard.title')}</h1>
      <p className="muted">
        {t('dashboard.subtitle', { zone: answeredZone ?? zone, currency: todayQuery.data?.currency ?? '' })}
      </p>

      <section id="dash-today" aria-labelledby="dash-today-title" className="stack">
        <h2 id="dash-today-title">
          {t('dashboard.today')} · <time dateTime={today}>{today}</time>
        </h2>
        {todayQuery.isError && <Notice kind="error">{todayQuery.error.message}</Notice>}
        <Figures report={todayQuery.data} />
      </section>

      <section id="dash-range" aria-labelledby="dash-range-title" className="stack">
        <div className="row row--between dash__rangebar">
          <h2 id="dash-range-title">
            {t('dashboard.range')} · {from} – {to}
          </h2>
          <RangeForm key={`${from}|${to}`} from={from} to={to} today={today} onApply={setFilters} />
        </div>
        {rangeQuery.isError && <Notice kind="error">{rangeQuery.error.message}</Notice>}
        <Figures report={range} />
        <div className="card dash__chart">
          <h3>{t('dashboard.perDayChart')}</h3>
          {range ? (
            <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
              <DayChart report={range} />
            </Suspense>
          ) : (
            <p className="muted">{t('common.loading')}</p>
          )}
        </div>
        {range && <Tables report={range} loading={rangeQuery.isFetching} />}
      </section>
    </section>
  );
}

type FigureDef = {
  id: string;
  label: MessageKey;
  value: (f: ReportFigures, c: string) => string;
  detail?: (f: ReportFigures, c: string) => string;
  /** The back-office list behind the figure, when there is one the operator may open. */
  link?: { to: string; permission: 'withdrawals.read' | 'audit.read' };
};

const count = (n: number) => new Intl.NumberFormat(locale()).format(n);

function useFigureDefs(): FigureDef[] {
  const { t } = useI18n();
  return [
    { id: 'registrations', label: 'dashboard.registrations', value: (f) => count(f.registrations) },
    {
      id: 'firstDeposits',
      label: 'dashboard.firstDeposits',
      value: (f) => count(f.firstDepositCount),
      detail: (f, c) => formatMoney(f.firstDepositAmount, c),
    },
    {
      id: 'deposits',
      label: 'dashboard.deposits',
      value: (f, c) => formatMoney(f.depositAmount, c),
      detail: (f) => t('dashboard.count', { n: count(f.depositCount) }),
    },
    {
      id: 'withdrawals',
      label: 'dashboard.withdrawals',
      value: (f, c) => formatMoney(f.withdrawalAmount, c),
      detail: (f) => t('dashboard.count', { n: count(f.withdrawalCount) }),
      link: { to: '/withdrawals?status=all', permission: 'withdrawals.read' },
    },
    {
      id: 'stakes',
      label: 'dashboard.stakes',
      value: (f, c) => formatMoney(f.stakes, c),
      detail: (f) => t('dashboard.rounds', { n: count(f.rounds) }),
    },
    { id: 'payouts', label: 'dashboard.payouts', value: (f, c) => formatMoney(f.payouts, c) },
    {
      id: 'ggr',
      label: 'dashboard.ggr',
      value: (f, c) => formatMoney(f.ggr, c),
      detail: () => t('dashboard.ggrHelp'),
    },
    {
      id: 'ngr',
      label: 'dashboard.ngr',
      value: (f, c) => formatMoney(f.ngr, c),
      detail: (f, c) => t('dashboard.bonuses', { amount: formatMoney(f.bonusAmount, c) }),
    },
    { id: 'activePlayers', label: 'dashboard.activePlayers', value: (f) => count(f.activePlayers) },
  ];
}

function Figures({ report }: { report: ReportDashboard | undefined }) {
  const { t } = useI18n();
  const { can } = useSession();
  const defs = useFigureDefs();
  return (
    <dl className="figures" aria-busy={!report}>
      {defs.map((d) => {
        const value = report ? d.value(report.totals, report.currency) : '…';
        const link = d.link && can(d.link.permission) ? d.link.to : undefined;
        return (
          <div key={d.id} className="figure card" data-figure={d.id}>
            <dt className="figure__label">{t(d.label)}</dt>
            <dd className="figure__value">
              {link ? (
                <Link to={link} title={t('dashboard.openList')}>
                  {value} <span aria-hidden="true">›</span>
                </Link>
              ) : (
                value
              )}
            </dd>
            {report && d.detail && (
              <dd className="figure__detail muted small">{d.detail(report.totals, report.currency)}</dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

type Play = { rounds: number; stakes: number; payouts: number; ggr: number };
type Day = ReportDashboard['days'][number];

function Tables({ report, loading }: { report: ReportDashboard; loading: boolean }) {
  const { t } = useI18n();
  const c = report.currency;
  const money = (id: keyof Play, header: MessageKey) => ({
    id,
    header: t(header),
    value: (r: Play) => r[id],
    cell: (r: Play) => formatMoney(r[id], c),
    sortable: true,
    numeric: true,
  });
  const playColumns = [
    {
      id: 'rounds',
      header: t('dashboard.roundsHeader'),
      value: (r: Play) => r.rounds,
      cell: (r: Play) => count(r.rounds),
      sortable: true,
      numeric: true,
    },
    money('stakes', 'dashboard.stakes'),
    money('payouts', 'dashboard.payouts'),
    money('ggr', 'dashboard.ggr'),
  ];
  const dayColumns: DataColumn<Day>[] = [
    {
      id: 'day',
      header: t('dashboard.day'),
      value: (d) => d.day,
      cell: (d) => <span className="nowrap">{d.day}</span>,
      sortable: true,
    },
    {
      id: 'registrations',
      header: t('dashboard.registrations'),
      value: (d) => d.registrations,
      cell: (d) => count(d.registrations),
      numeric: true,
      sortable: true,
    },
    {
      id: 'firstDeposits',
      header: t('dashboard.firstDeposits'),
      value: (d) => d.firstDepositCount,
      cell: (d) => count(d.firstDepositCount),
      numeric: true,
      sortable: true,
    },
    {
      id: 'deposits',
      header: t('dashboard.deposits'),
      value: (d) => d.depositAmount,
      cell: (d) => formatMoney(d.depositAmount, c),
      numeric: true,
      sortable: true,
    },
    {
      id: 'withdrawals',
      header: t('dashboard.withdrawals'),
      value: (d) => d.withdrawalAmount,
      cell: (d) => formatMoney(d.withdrawalAmount, c),
      numeric: true,
      sortable: true,
    },
    ...(playColumns as unknown as DataColumn<Day>[]),
    {
      id: 'ngr',
      header: t('dashboard.ngr'),
      value: (d) => d.ngr,
      cell: (d) => formatMoney(d.ngr, c),
      numeric: true,
      sortable: true,
    },
    {
      id: 'activePlayers',
      header: t('dashboard.activePlayers'),
      value: (d) => d.activePlayers,
      cell: (d) => count(d.activePlayers),
      numeric: true,
      sortable: true,
    },
  ];
  type Vendor = ReportDashboard['vendors'][number];
  type GameType = ReportDashboard['gameTypes'][number];
  const vendorColumns: DataColumn<Vendor>[] = [
    {
      id: 'vendor',
      header: t('dashboard.vendor'),
      value: (r) => r.vendor,
      cell: (r) => r.vendor,
      sortable: true,
    },
    ...(playColumns as unknown as DataColumn<Vendor>[]),
  ];
  const typeColumns: DataColumn<GameType>[] = [
    {
      id: 'gameType',
      header: t('dashboard.gameType'),
      value: (r) => r.gameType,
      cell: (r) => r.gameType,
      sortable: true,
    },
    ...(playColumns as unknown as DataColumn<GameType>[]),
  ];
  const file = (name: string) => `${name}-${report.from}-${report.to}.csv`;
  return (
    <div className="stack">
      <div className="stack dash__tables">
        <div className="stack-tight">
          <h3>{t('dashboard.perVendor')}</h3>
          <DataTable
            caption={t('dashboard.perVendor')}
            columns={vendorColumns}
            rows={report.vendors}
            rowKey={(r) => r.vendor}
            loading={loading}
            exportName={file('vendors')}
            exportRows={async () => report.vendors}
          />
        </div>
        <div className="stack-tight">
          <h3>{t('dashboard.perGameType')}</h3>
          <DataTable
            caption={t('dashboard.perGameType')}
            columns={typeColumns}
            rows={report.gameTypes}
            rowKey={(r) => r.gameType}
            loading={loading}
            exportName={file('game-types')}
            exportRows={async () => report.gameTypes}
          />
        </div>
      </div>
      <div className="stack-tight">
        <h3>{t('dashboard.perDay')}</h3>
        <DataTable
          caption={t('dashboard.perDay')}
          columns={dayColumns}
          rows={report.days}
          rowKey={(d) => d.day}
          loading={loading}
          exportName={file('days')}
          exportRows={async () => report.days}
        />
      </div>
    </div>
  );
}

/** The range picker: two dates and the last 7 / 30 days; applying puts the range in the URL. */
function RangeForm({
  from,
  to,
  today,
  onApply,
}: {
  from: string;
  to: string;
  today: string;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState({ from, to });
  return (
    <form
      className="row dash__rangeform"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label className="field field--inline">
        <span>{t('dashboard.from')}</span>
        <input
          type="date"
          name="from"
          value={draft.from}
          max={draft.to}
          required
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </label>
      <label className="field field--inline">
        <span>{t('dashboard.to')}</span>
        <input
          type="date"
          name="to"
          value={draft.to}
          min={draft.from}
          required
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </label>
      <button type="submit" className="btn btn--primary">
        {t('dashboard.apply')}
      </button>
      {([7, 30] as const).map((n) => (
        <button
          key={n}
          type="button"
          className="btn btn--ghost"
          onClick={() => onApply({ from: addDays(today, -(n - 1)), to: today })}
        >
          {t('dashboard.lastDays', { n })}
        </button>
      ))}
    </form>
  );
}
