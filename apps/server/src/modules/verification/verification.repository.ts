import { sql } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type {
  NewVerificationCode,
  VerificationChannelName,
  VerificationPurpose,
} from './verification.table.ts';

// --- captchas -----------------------------------------------------------------------------------

export const insertCaptcha = (
  db: DbOrTrx,
  row: { id: string; answerHash: string; now: Date; expiresAt: Date },
) =>
  db
    .insertInto('captcha')
    .values({ id: row.id, answer_hash: row.answerHash, created_at: row.now, expires_at: row.expiresAt })
    .execute();

/** Marks the captcha used and returns its answer hash, only if it was unused and unexpired: one
 *  attempt per image, even a wrong one, and two concurrent attempts cannot both take it. */
export async function takeCaptcha(db: DbOrTrx, id: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('captcha')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

export const deleteExpiredCaptchas = (db: DbOrTrx, before: Date) =>
  db.deleteFrom('captcha').where('expires_at', '<', before).executeTakeFirst();

// --- verification codes -------------------------------------------------------------------------

export const insertVerificationCode = (db: DbOrTrx, row: NewVerificationCode) =>
  db.insertInto('verification_code').values(row).returning('id').executeTakeFirstOrThrow();

/** A new code replaces older unused ones for the same purpose and recipient. */
export const invalidateCodes = (
  db: DbOrTrx,
  merchantCode: string,
  purpose: VerificationPurpose,
  recipient: string,
  now: Date,
) =>
  db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('merchant_code', '=', merchantCode)
    .where('purpose', '=', purpose)
    .where('recipient', '=', recipient)
    .where('used_at', 'is', null)
    .execute();

export const findLiveCode = (
  db: DbOrTrx,
  merchantCode: string,
  purpose: VerificationPurpose,
  recipient: string,
  now: Date,
) =>
  db
    .selectFrom('verification_code')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('purpose', '=', purpose)
    .where('recipient', '=', recipient)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findChallengeCode = (
  db: DbOrTrx,
  challengeId: string,
  channel: VerificationChannelName,
  now: Date,
) =>
  db
    .selectFrom('verification_code')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const incrementCodeAttempts = (db: DbOrTrx, id: number) =>
  db
    .updateTable('verification_code')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();

/** True only for the caller that marked it: a code works once even under concurrent requests. */
export async function markCodeUsed(db: DbOrTrx, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const deleteExpiredCodes = (db: DbOrTrx, before: Date) =>
  db.deleteFrom('verification_code').where('expires_at', '<', before).executeTakeFirst();
