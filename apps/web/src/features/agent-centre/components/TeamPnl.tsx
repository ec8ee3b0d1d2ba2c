import { useState } from 'react';
import { TEAM_PERIODS, type TeamPnlPage, type TeamPnlRow } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { downloadCsv, toCsv } from '@/lib/csv';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Button } from '@/ui';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { fetchTeamPnl, teamPnlQuery, type TeamPnlFilters } from '../api/agent-api';

const NO_FILTERS: TeamPnlFilters = { period: 'D', from: '', to: '' };
type Figure = 'depositAmount' | 'withdrawalAmount' | 'validBet' | 'profit' | 'bonusAmount';
const FIGURES: Figure[] = ['depositAmount', 'withdrawalAmount', 'validBet', 'profit', 'bonusAmount'];

/** Every page of the downline P&L under the filters (for the CSV), 100 rows a call. */
async function allRows(f: TeamPnlFilters): Promise<TeamPnlPage['items']> {
  const rows: TeamPnlPage['items'] = [];
  let cursor = '';
  do {
    const page = await fetchTeamPnl(f, cursor, 100);
    rows.push(...page.items);
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return rows;
}

/**
 * palStatementsAgentCopy (downline P&L): one row per direct downline, its own figures and its whole
 * team's beneath it summed (deposits, withdrawals, valid bet, P&L, bonuses) over a period (today,
 * this week, this month) or a range of the merchant's days; the caller's whole team as totals; a CSV
 * of every row under the filters.
 */
export default function TeamPnl() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const money = (minor: number) => formatMinorUnits(minor, language);

  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const rows = await allRows(filters.applied);
      const headers = [
        t('agent.downline.account'),
        t('agent.downline.kind'),
        t('agent.reports.members'),
        ...FIGURES.map((f) => t(`agent.summary.${f}`)),
      ];
      const decimal = (minor: number) => (minor / 100).toFixed(2);
      downloadCsv(
        'downline-pnl.csv',
        toCsv(
          headers,
          rows.map((r) => [
            r.account,
            t(r.isAgent ? 'agent.register.kinds.agent' : 'agent.register.kinds.member'),
            r.members,
            ...FIGURES.map((f) => decimal(r[f])),
          ]),
        ),
      );
    } catch (e) {
      setFailed(isApiError(e) ? e.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const columns: RecordColumn<TeamPnlRow>[] = [
    {
      id: 'account',
      header: t('agent.downline.account'),
      card: 'title',
      render: (r) => (
        <span data-testid="pnl-account">
          {r.account}{' '}
          <span className={`downline__badge${r.isAgent ? ' is-agent' : ''}`}>
            {t(r.isAgent ? 'agent.register.kinds.agent' : 'agent.register.kinds.member')}
          </span>
        </span>
      ),
    },
    { id: 'members', header: t('agent.reports.members'), numeric: true, render: (r) => r.members },
    ...FIGURES.map((f): RecordColumn<TeamPnlRow> => ({
      id: f,
      header: t(`agent.summary.${f}`),
      numeric: true,
      ...(f === 'profit' ? { card: 'aside' as const } : {}),
      render: (r) => (f === 'profit' ? <Money minor={r.profit} signed /> : money(r[f])),
    })),
  ];

  return (
    <RecordPage
      title={t('agent.pages.palStatementsAgentCopy')}
      filters={filters}
      filterBar={{
        label: t('agent.reports.filters'),
        selects: [
          {
            name: 'period',
            label: t('agent.summary.period'),
            all: t('agent.reports.byRange'),
            options: TEAM_PERIODS.map((p) => ({ value: p, label: t(`agent.summary.periods.${p}`) })),
          },
        ],
        range: { from: 'from', to: 'to' },
        notices: failed ? (
          <p className="records__error" role="alert">
            {failed}
          </p>
        ) : null,
      }}
      actions={({ rows }) => (
        <Button variant="outline" busy={busy} disabled={rows === 0} onClick={() => void download()}>
          {t('agent.reports.csv')}
        </Button>
      )}
      pageQuery={(cursor: string) => teamPnlQuery(memberId, filters.applied, cursor)}
      summary={(page) => (
        <>
          <p className="team-period__range" data-testid="pnl-range">
            {page.from === page.to ? page.from : `${page.from} — ${page.to}`}
          </p>
          <dl className="records__totals" aria-label={t('agent.reports.teamTotals')} data-testid="pnl-totals">
            <div>
              <dt>{t('agent.reports.members')}</dt>
              <dd>{page.totals.members}</dd>
            </div>
            {FIGURES.map((f) => (
              <div key={f}>
                <dt>{t(`agent.summary.${f}`)}</dt>
                <dd>
                  {f === 'profit' ? <Money minor={page.totals.profit} signed /> : money(page.totals[f])}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      columns={columns}
      rowKey={(r) => String(r.memberId)}
      rowTestId="pnl-row"
      caption={t('agent.pages.palStatementsAgentCopy')}
      icon="receipt"
      cardColumns={3}
      texts={{ empty: t('agent.downline.empty'), emptyHint: t('agent.downline.emptyHint') }}
    />
  );
}
