import type { ProfitValue } from '@banca/contract';
import { useT } from '@/i18n';
import { localeOf } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';

/**
 * Profit per period as SVG bars around a zero line (gains up, losses down), scaled to the largest
 * swing. Each bar has a title with its period and amount; the numbers are also in the table below
 * and the totals above, so the chart is an image with a text label for assistive technology.
 */
export function ProfitChart({
  periods,
  period,
}: {
  periods: ProfitValue['periods'];
  period: 'day' | 'week' | 'month';
}) {
  const { t, language } = useT();
  const W = 600;
  const H = 180;
  const mid = H / 2;
  const max = Math.max(1, ...periods.map((p) => Math.abs(p.profit)));
  const slot = W / Math.max(1, periods.length);
  const bar = Math.max(2, slot * 0.7);
  const label = new Intl.DateTimeFormat(localeOf(language), {
    timeZone: 'UTC',
    ...(period === 'month' ? { month: 'short', year: '2-digit' } : { day: '2-digit', month: '2-digit' }),
  });
  const nameOf = (p: ProfitValue['periods'][number]) => label.format(new Date(`${p.label}T00:00:00Z`));
  const every = Math.ceil(periods.length / 7);
  const summary = periods
    .filter((p) => p.rounds > 0)
    .map((p) => `${nameOf(p)}: ${formatMinorUnits(p.profit, language)}`)
    .join('; ');
  return (
    <svg
      className="records__svg"
      viewBox={`0 0 ${W} ${H + 24}`}
      role="img"
      aria-label={`${t('records.profitPage.chart')}${summary ? `: ${summary}` : ''}`}
    >
      <line x1={0} x2={W} y1={mid} y2={mid} className="records__axis" />
      {periods.map((p, i) => {
        const h = (Math.abs(p.profit) / max) * (mid - 6);
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={p.label}>
            <rect
              x={x}
              y={p.profit >= 0 ? mid - h : mid}
              width={bar}
              height={Math.max(h, p.rounds > 0 ? 1 : 0)}
              rx={2}
              className={p.profit >= 0 ? 'records__bar is-gain' : 'records__bar is-loss'}
            >
              <title>{`${nameOf(p)}: ${formatMinorUnits(p.profit, language)}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={i * slot + slot / 2} y={H + 16} textAnchor="middle" className="records__tick">
                {nameOf(p)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
