/**
 * Reads an amount typed in the member's language ("1.234,56" in PT, "1,234.56" in EN, or plain
 * "50") as integer minor units, without floating point: null when it is not an amount with at most
 * two decimals (group separators only every three digits).
 */
export function parseAmountInput(text: string, language: 'PT' | 'EN'): number | null {
  const [group, decimal] = language === 'PT' ? ['\\.', ','] : [',', '\\.'];
  const m = new RegExp(`^(\\d{1,13}|\\d{1,3}(?:${group}\\d{3})+)(?:${decimal}(\\d{1,2}))?$`).exec(
    text.trim(),
  );
  if (!m) return null;
  const whole = Number(m[1]!.replace(/\D/g, ''));
  const minor = whole * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
