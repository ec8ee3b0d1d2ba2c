import { sql } from 'kysely';
import type { AccountDbOrTrx } from './account-db.ts';
import type {
  AuthAuditTable,
  LoginChallengeTable,
  NewSession,
  VerificationChannelName,
  VerificationCodeTable,
  VerificationPurpose,
} from './session.table.ts';
import type { Insertable } from 'kysely';

// --- sessions ---------------------------------------------------------------------------------

export const insertSession = (db: AccountDbOrTrx, row: NewSession) =>
  db.insertInto('session').values(row).execute();

/** The session and the few member fields every token call needs, in one query. */
export const findSessionWithMember = (db: AccountDbOrTrx, tokenHash: string) =>
  db
    .selectFrom('session')
    .innerJoin('member', 'member.id', 'session.member_id')
    .select([
      'session.token_hash',
      'session.member_id',
      'session.merchant_code',
      'session.login_type',
      'session.last_seen_at',
      'session.expires_at',
      'session.revoked_at',
      'member.type',
      'member.status',
    ])
    .where('session.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchSession = (db: AccountDbOrTrx, tokenHash: string, now: Date) =>
  db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();

export const revokeSession = (db: AccountDbOrTrx, tokenHash: string, now: Date, reason: string) =>
  db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** Ends every live session of a member, except `keepTokenHash` when given. Returns how many. */
export async function revokeMemberSessions(
  db: AccountDbOrTrx,
  memberId: number,
  now: Date,
  reason: string,
  keepTokenHash?: string,
): Promise<number> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash !== undefined) q = q.where('token_hash', '!=', keepTokenHash);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// --- known IPs ----------------------------------------------------------------------------------

export async function isKnownIp(db: AccountDbOrTrx, memberId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_known_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export const rememberIp = (db: AccountDbOrTrx, memberId: number, ip: string, now: Date) =>
  db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();

// --- captchas -----------------------------------------------------------------------------------

export const insertCaptcha = (
  db: AccountDbOrTrx,
  row: { id: string; answerHash: string; now: Date; expiresAt: Date },
) =>
  db
    .insertInto('captcha')
    .values({ id: row.id, answer_hash: row.answerHash, created_at: row.now, expires_at: row.expiresAt })
    .execute();

/** Marks the captcha used and returns its answer hash, only if it was unused and unexpired: one
 *  attempt per image, even a wrong one, and two concurrent attempts cannot both take it. */
export async function takeCaptcha(db: AccountDbOrTrx, id: string, now: Date): Promise<string | undefined> {
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

export const deleteExpiredCaptchas = (db: AccountDbOrTrx, before: Date) =>
  db.deleteFrom('captcha').where('expires_at', '<', before).execute();

// --- verification codes -------------------------------------------------------------------------

export const insertVerificationCode = (db: AccountDbOrTrx, row: Insertable<VerificationCodeTable>) =>
  db.insertInto('verification_code').values(row).returning('id').executeTakeFirstOrThrow();

/** A new code replaces older unused ones for the same purpose and recipient. */
export const invalidateCodes = (
  db: AccountDbOrTrx,
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
  db: AccountDbOrTrx,
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
  db: AccountDbOrTrx,
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

export const incrementCodeAttempts = (db: AccountDbOrTrx, id: number) =>
  db
    .updateTable('verification_code')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();

/** True only for the caller that marked it: a code works once even under concurrent requests. */
export async function markCodeUsed(db: AccountDbOrTrx, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- second-verification challenges -------------------------------------------------------------

export const insertChallenge = (db: AccountDbOrTrx, row: Insertable<LoginChallengeTable>) =>
  db.insertInto('login_challenge').values(row).execute();

export const findChallenge = (db: AccountDbOrTrx, id: string) =>
  db.selectFrom('login_challenge').selectAll().where('id', '=', id).executeTakeFirst();

export const incrementChallengeAttempts = (db: AccountDbOrTrx, id: string) =>
  db
    .updateTable('login_challenge')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();

export async function markChallengeUsed(db: AccountDbOrTrx, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('login_challenge')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- audit --------------------------------------------------------------------------------------

export const insertAudit = (db: AccountDbOrTrx, row: Insertable<AuthAuditTable>) =>
  db.insertInto('auth_audit').values(row).execute();

export const listAudit = (db: AccountDbOrTrx, merchantCode: string, limit = 100) =>
  db
    .selectFrom('auth_audit')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
