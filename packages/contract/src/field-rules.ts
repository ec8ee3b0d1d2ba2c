/**
 * Field rules shared by every form and every edge that checks the same field: one definition each,
 * as plain regular expressions and lengths (no zod), so the web tests a value with exactly the rule
 * the server's schemas apply (auth.schemas.ts and member.schemas.ts build their zod schemas from
 * these), and zod-free code may use them too.
 */
import { PATTERN_FAMILIES } from './patterns.ts';

export const FIELD_RULES = {
  /** Account names, mobile numbers (SMS login) and e-mail-like usernames. */
  account: { maxLength: 64 },
  /** Long enough for passphrases, short enough that hashing cannot be abused. */
  password: { maxLength: 128 },
  /** National mobile number without the dialing code. */
  mobileNum: { pattern: /^\d{4,20}$/, maxLength: 20 },
  /** "+55": a plus and one to four digits. */
  countryDialingCode: { pattern: /^\+\d{1,4}$/, maxLength: 5 },
  /** SMS and e-mail codes: digits only. */
  verificationCode: { pattern: /^\d{4,8}$/, maxLength: 8 },
  captchaId: { pattern: /^[A-Za-z0-9_-]{16,64}$/ },
  captchaAnswer: { maxLength: 16 },
  /** E-mail address: pattern family 14, bounded by the longest address SMTP carries. */
  email: { pattern: new RegExp(PATTERN_FAMILIES[14]), minLength: 3, maxLength: 254 },
} as const;

export const isMobileNum = (value: string): boolean => FIELD_RULES.mobileNum.pattern.test(value);
export const isVerificationCode = (value: string): boolean =>
  FIELD_RULES.verificationCode.pattern.test(value);
export const isEmail = (value: string): boolean => {
  const rule = FIELD_RULES.email;
  return value.length >= rule.minLength && value.length <= rule.maxLength && rule.pattern.test(value);
};
