import { randomInt } from 'node:crypto';
import type { DbOrTrx } from '../../database.ts';
import { hexDigestsEqual, sha256Hex } from '../../platform/crypto/token.ts';
import {
  deleteExpiredCaptchas,
  deleteExpiredCodes,
  findChallengeCode as findChallengeCodeRow,
  findLiveCode,
  incrementCodeAttempts,
  insertVerificationCode,
  invalidateCodes,
  markCodeUsed,
} from './verification.repository.ts';
import type { VerificationChannelName, VerificationPurpose } from './verification.table.ts';

/** A code stays valid this long; the client's resend countdown (expiredMinutes) is shorter. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong guesses allowed per code before it is dead: 5 in a million is no brute-force. */
export const MAX_CODE_ATTEMPTS = 5;

export const hashCode = (purpose: string, recipient: string, code: string): string =>
  sha256Hex(`${purpose}:${recipient}:${code}`);

/** A numeric one-time code from a CSPRNG (never Math.random). */
export const generateNumericCode = (digits = 6): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** Stores a fresh code (replacing older ones) and returns it in clear for sending. */
export async function issueCode(
  db: DbOrTrx,
  args: {
    merchantCode: string;
    purpose: VerificationPurpose;
    channel: VerificationChannelName;
    recipient: string;
    /** A second-verification challenge of the session module; its codes replace nothing. */
    challengeId?: string;
    now: Date;
  },
): Promise<string> {
  const code = generateNumericCode();
  if (!args.challengeId) await invalidateCodes(db, args.merchantCode, args.purpose, args.recipient, args.now);
  await insertVerificationCode(db, {
    merchant_code: args.merchantCode,
    purpose: args.purpose,
    channel: args.channel,
    recipient: args.recipient,
    challenge_id: args.challengeId ?? null,
    code_hash: hashCode(args.purpose, args.recipient, code),
    created_at: args.now,
    expires_at: new Date(args.now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/** A stored code as the checks need it (opaque to other modules). */
export type CodeRow = { id: number; purpose: string; recipient: string; code_hash: string; attempts: number };

/** Checks a code row without spending it; a wrong guess is counted. */
export async function checkCode(db: DbOrTrx, row: CodeRow | undefined, code: string): Promise<boolean> {
  if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (!hexDigestsEqual(hashCode(row.purpose, row.recipient, code), row.code_hash)) {
    await incrementCodeAttempts(db, row.id);
    return false;
  }
  return true;
}

/** Spends a code that passed checkCode: true only for the one caller that marked it used. */
export const spendCheckedCode = (db: DbOrTrx, row: CodeRow, now: Date): Promise<boolean> =>
  markCodeUsed(db, row.id, now);

/** Checks a code row and spends it: counts a wrong guess, and succeeds at most once. */
export async function spendCode(
  db: DbOrTrx,
  row: CodeRow | undefined,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!(await checkCode(db, row, code))) return false;
  return spendCheckedCode(db, row!, now);
}

/** The live code of (purpose, recipient) checked against `code` and spent when it matches. */
export async function verifyCode(
  db: DbOrTrx,
  args: { merchantCode: string; purpose: VerificationPurpose; recipient: string; code: string; now: Date },
): Promise<boolean> {
  const row = await findLiveCode(db, args.merchantCode, args.purpose, args.recipient, args.now);
  return spendCode(db, row, args.code, args.now);
}

/** The newest live code sent on one channel of a second-verification challenge. */
export const findChallengeCode = (
  db: DbOrTrx,
  challengeId: string,
  channel: VerificationChannelName,
  now: Date,
): Promise<CodeRow | undefined> => findChallengeCodeRow(db, challengeId, channel, now);

/** Deletes captchas and codes that expired before `cutoff`; counts per table (the clean-up job). */
export async function deleteExpiredVerifications(
  db: DbOrTrx,
  cutoff: Date,
): Promise<{ captcha: number; verification_code: number }> {
  const captchas = await deleteExpiredCaptchas(db, cutoff);
  const codes = await deleteExpiredCodes(db, cutoff);
  return { captcha: Number(captchas.numDeletedRows), verification_code: Number(codes.numDeletedRows) };
}
