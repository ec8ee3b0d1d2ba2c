/**
 * Reads an amount typed by a person ("12", "12,5", "1.234,56" in PT; "12.5", "1,234.56" in EN) as
 * integer minor units, working on the digits (never a float), or null when it is not an amount with at
 * most two decimals. Grouping separators are ignored; the language's decimal separator decides.
 */
export function parseAmountInput(text: string, decimal: ',' | '.'): number | null {
  const group = decimal === ',' ? '.' : ',';
  const trimmed = text.trim().split(group).join('');
  const re = decimal === ',' ? /^(\d{1,12})(?:,(\d{1,2}))?$/ : /^(\d{1,12})(?:\.(\d{1,2}))?$/;
  const m = re.exec(trimmed);
  if (!m) return null;
  const minor = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}
