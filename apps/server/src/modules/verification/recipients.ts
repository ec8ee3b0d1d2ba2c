/** "+55" and "011987654321" → "+5511987654321" (a national trunk 0 is dropped). */
export const toE164 = (countryDialingCode: string, mobileNum: string): string =>
  `${countryDialingCode}${mobileNum.replace(/^0+/, '')}`;

/** "+5511987654321" → "+55*******4321": enough to recognise one's number, not to learn it. */
export function maskMobile(e164: string): string {
  if (e164.length <= 7) return '*'.repeat(e164.length);
  return `${e164.slice(0, 3)}${'*'.repeat(e164.length - 7)}${e164.slice(-4)}`;
}

/** "maria@example.com" → "m***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
