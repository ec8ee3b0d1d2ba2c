import { LIST_GAME_TYPES, type ListGameType } from '@banca/contract';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { Money } from './Money';
import type { SelectFilter } from './RecordPage';
import type { RecordColumn } from './RecordTable';
import type { FilterValues } from './url-filters';

/** What every betting record row shows (the member's own rounds, or its team's). */
interface BetFigures {
  openedAt: string;
  gameName: string;
  vendorName: string;
  category: ListGameType;
  stake: number;
  payout: number;
  profit: number;
  status: 'OPEN' | 'SETTLED' | 'CANCELLED';
}

const STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;

/**
 * The betting record's columns both record pages share: when, the game (its provider and category on
 * a second line: one column fewer, so the record fits its card beside the member centre's menu at
 * 1366 px), stake, payout, profit, status.
 */
export function useBetColumns<R extends BetFigures>() {
  const { t, language } = useT();
  const when = dateTimeFormat(language);
  const time: RecordColumn<R> = {
    id: 'time',
    header: t('records.time'),
    card: 'double',
    render: (r) => <time dateTime={r.openedAt}>{when.format(new Date(r.openedAt))}</time>,
  };
  const game: RecordColumn<R> = {
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
  };
  const stake: RecordColumn<R> = {
    id: 'stake',
    header: t('records.stake'),
    numeric: true,
    render: (r) => formatMinorUnits(r.stake, language),
  };
  const payout: RecordColumn<R> = {
    id: 'payout',
    header: t('records.payout'),
    numeric: true,
    render: (r) => formatMinorUnits(r.payout, language),
  };
  const profit: RecordColumn<R> = {
    id: 'profit',
    header: t('records.profit'),
    numeric: true,
    render: (r) => <Money minor={r.profit} signed />,
  };
  const status: RecordColumn<R> = {
    id: 'status',
    header: t('records.status'),
    render: (r) => (
      <span className={`records__status is-${r.status.toLowerCase()}`}>
        {t(`records.statuses.${r.status}`)}
      </span>
    ),
  };
  return { time, game, stake, payout, profit, status };
}

/** The betting record's filters by category, provider and status. */
export function useBetSelects<F extends FilterValues & { category: string; vendor: string; status: string }>(
  vendors: readonly { vassalage: string; displayName: string }[] | undefined,
): SelectFilter<F>[] {
  const { t } = useT();
  return [
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
      options: (vendors ?? []).map((v) => ({ value: v.vassalage, label: v.displayName })),
    },
    {
      name: 'status',
      label: t('records.status'),
      all: t('records.allStatuses'),
      options: STATUSES.map((s) => ({ value: s, label: t(`records.statuses.${s}`) })),
    },
  ];
}

/** Totals over the whole filter: rounds, stake, (for a team) valid bet, payout, profit. */
export function BetTotals({
  totals,
  testId,
  validBet,
}: {
  totals: { count: number; stake: number; payout: number; profit: number };
  testId: string;
  /** The team's valid bet, with its own test id. */
  validBet?: { amount: number; testId: string };
}) {
  const { t, language } = useT();
  const figure = (label: string, value: ReactNode, id?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
  return (
    <dl className="records__totals" aria-label={t('records.totals')} data-testid={testId}>
      {figure(t('records.rounds'), totals.count)}
      {figure(t('records.stake'), formatMinorUnits(totals.stake, language))}
      {validBet &&
        figure(t('agent.summary.validBet'), formatMinorUnits(validBet.amount, language), validBet.testId)}
      {figure(t('records.payout'), formatMinorUnits(totals.payout, language))}
      {figure(t('records.profit'), <Money minor={totals.profit} signed />)}
    </dl>
  );
}
