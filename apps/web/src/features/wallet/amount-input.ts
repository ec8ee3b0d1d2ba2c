/**
 * Reads an amount typed by a person ("50", "50,5", "1234.56") into integer minor units, without
 * floating point; undefined when it is not an amount (more than two decimals, letters, empty, too
 * big). Either ',' or '.' is the decimal separator; grouping separators are not accepted, so
 * "1.234" never silently means one real twenty-three.
 */
export function parseAmountInput(text: string): number | undefined {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const whole = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + cents;
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}

/** mm:ss (or h:mm:ss) of a non-negative number of milliseconds, for the charge countdown. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
