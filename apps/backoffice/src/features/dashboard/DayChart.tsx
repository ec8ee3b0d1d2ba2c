import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportDashboard } from '@banca/contract';
import { useI18n } from '@/i18n/i18n.ts';
import { formatMoney } from '@/ui/format.ts';
import { useTheme } from '@/theme/theme.ts';

const css = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * Stakes, payouts, GGR and NGR per day of the range (uPlot, loaded with this chart only). Money is
 * drawn in major units; the legend names the lines (the per-day table below has the figures).
 */
export default function DayChart({ report }: { report: ReportDashboard }) {
  const { t, lang } = useI18n();
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const days = report.days.map((d) => d.day);
    const major = (key: 'stakes' | 'payouts' | 'ggr' | 'ngr') => report.days.map((d) => d[key] / 100);
    const text = css('--c-text-muted', '#888');
    const grid = css('--c-border', '#333');
    const money = (v: number | null) => (v == null ? '—' : formatMoney(Math.round(v * 100), report.currency));
    const line = (label: string, stroke: string, fill?: string) => ({
      label,
      stroke,
      width: 2,
      ...(fill ? { fill } : {}),
      value: (_u: uPlot, v: number | null) => money(v),
    });
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height: 260,
      scales: { x: { time: false } },
      // The labels only: the per-day table below has every figure.
      legend: { live: false },
      series: [
        { label: t('dashboard.day'), value: (_u, i) => days[i] ?? '' },
        line(t('dashboard.stakes'), css('--c-accent', '#4f8cff')),
        line(t('dashboard.payouts'), css('--c-text-muted', '#999')),
        line(t('dashboard.ggr'), css('--c-success', '#2e9d5b'), css('--c-success-soft', 'transparent')),
        line(t('dashboard.ngr'), css('--c-danger', '#d64545')),
      ],
      axes: [
        {
          ...axis,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (days[i]?.slice(5) ?? '') : '')),
        },
        {
          ...axis,
          size: 80,
          values: (_u, splits) =>
            splits.map((v) =>
              new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'pt-BR', { notation: 'compact' }).format(v),
            ),
        },
      ],
    };
    const chart = new uPlot(
      opts,
      [days.map((_, i) => i), major('stakes'), major('payouts'), major('ggr'), major('ngr')],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [report, theme, lang, t]);

  return <div ref={box} className="daychart" role="img" aria-label={t('dashboard.chartLabel')} />;
}
