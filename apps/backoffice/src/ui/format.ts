import { locale } from '@/i18n/i18n.ts';

/** Integer minor units as money in the viewer's language (never floating point arithmetic on money). */
export function formatMoney(minor: number, currency: string): string {
  const abs = Math.abs(minor);
  // The decimal text is built from the integer; Intl only lays it out.
  const text = `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const fmt = new Intl.NumberFormat(locale(), { style: 'currency', currency, minimumFractionDigits: 2 });
  return fmt.format(Number(text));
}

/** A return to player in basis points (9650) as a percentage in the viewer's language (96,50 %). */
export const formatRtp = (bp: number): string =>
  new Intl.NumberFormat(locale(), { style: 'percent', minimumFractionDigits: 2 }).format(bp / 10_000);

/** Basis points as the RTP field shows them (96,04 in PT, 96.04 in EN). */
export const rtpInputValue = (bp: number): string =>
  new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, useGrouping: false }).format(bp / 100);

/**
 * What an operator typed as an RTP percentage (`96.5`, `96,50`, `96.50%`) as basis points, read from
 * the text; '' is null (no RTP stated); undefined when it is no percentage of at most two decimals.
 */
export function parseRtpInput(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(trimmed);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** A datetime-local input's value (the viewer's zone) as ISO UTC, or null when empty. */
export const localInputToIso = (value: string): string | null =>
  value ? new Date(value).toISOString() : null;

/** ISO UTC as a datetime-local input's value, in the viewer's zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * What an operator typed as an amount of money (`1234.56`, `1234,56`, `1234`) as integer minor units,
 * read from the text (never through floating point); null when it is not such an amount.
 */
export function parseMoneyInput(text: string): number | null {
  const m = /^\s*(\d{1,13})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
