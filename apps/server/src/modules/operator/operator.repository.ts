import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type {
  OperatorAuditTable,
  OperatorLoginChallengeTable,
  OperatorSessionTable,
  OperatorTable,
} from './operator.table.ts';

// --- operators -------------------------------------------------------------------------------------

/** Inserts an operator unless the name is taken in the merchant; undefined when it was. */
export const insertOperatorIfAbsent = (db: DbOrTrx, row: Insertable<OperatorTable>) =>
  db
    .insertInto('operator')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_code', 'username']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findOperatorByUsername = (db: DbOrTrx, merchantCode: string, username: string) =>
  db
    .selectFrom('operator')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('username', '=', username)
    .executeTakeFirst();

export const findOperatorById = (db: DbOrTrx, merchantCode: string, id: number) =>
  db
    .selectFrom('operator')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .executeTakeFirst();

/** Every operator with the start of its newest session (its last login; null: never logged in). */
export const listOperators = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('operator')
    .selectAll('operator')
    .select((eb) =>
      eb
        .selectFrom('operator_session')
        .select((s) => s.fn.max('operator_session.created_at').as('last'))
        .whereRef('operator_session.operator_id', '=', 'operator.id')
        .as('last_login_at'),
    )
    .where('merchant_code', '=', merchantCode)
    .orderBy('id')
    .execute();

export const disableOperator = (db: DbOrTrx, id: number, now: Date) =>
  db
    .updateTable('operator')
    .set({ status: 'DISABLED', disabled_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

// --- sessions --------------------------------------------------------------------------------------

export const insertOperatorSession = (db: DbOrTrx, row: Insertable<OperatorSessionTable>) =>
  db.insertInto('operator_session').values(row).execute();

/** The session and its operator in one round trip: status and role are read on every call, so a
 *  disable or a role change applies to the very next request on every node. */
export const findOperatorSession = (db: DbOrTrx, tokenHash: string) =>
  db
    .selectFrom('operator_session as s')
    .innerJoin('operator as o', 'o.id', 's.operator_id')
    .select([
      's.token_hash',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'o.id as operator_id',
      'o.merchant_code',
      'o.username',
      'o.role',
      'o.status',
      'o.ip_allow_list',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchOperatorSession = (db: DbOrTrx, tokenHash: string, now: Date) =>
  db.updateTable('operator_session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();

export const revokeOperatorSession = (db: DbOrTrx, tokenHash: string, now: Date, reason: string) =>
  db
    .updateTable('operator_session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeOperatorSessions = (db: DbOrTrx, operatorId: number, now: Date, reason: string) =>
  db
    .updateTable('operator_session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();

// --- audit -----------------------------------------------------------------------------------------

export const insertAuditRow = (db: DbOrTrx, row: Insertable<OperatorAuditTable>) =>
  db.insertInto('operator_audit').values(row).execute();

export interface AuditFilter {
  merchantCode: string;
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
  /** Keyset: only rows with a smaller id (older). */
  before?: number;
  limit: number;
}

/** Newest first; ids never move, so paging by `before` neither skips nor repeats a row. */
export function selectAudit(db: DbOrTrx, f: AuditFilter) {
  let q = db.selectFrom('operator_audit').selectAll().where('merchant_code', '=', f.merchantCode);
  if (f.actor !== undefined) q = q.where('actor_username', '=', f.actor);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.subjectType !== undefined) q = q.where('subject_type', '=', f.subjectType);
  if (f.subjectId !== undefined) q = q.where('subject_id', '=', f.subjectId);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  if (f.before !== undefined) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

// --- two-factor login (issue 23) ---------------------------------------------------------------------

export const insertLoginChallenge = (db: DbOrTrx, row: Insertable<OperatorLoginChallengeTable>) =>
  db.insertInto('operator_login_challenge').values(row).execute();

/** A challenge and its operator, whatever their state (the service judges). */
export const findLoginChallenge = (db: DbOrTrx, tokenHash: string) =>
  db
    .selectFrom('operator_login_challenge as c')
    .innerJoin('operator as o', 'o.id', 'c.operator_id')
    .select([
      'c.token_hash',
      'c.kind',
      'c.pending_secret',
      'c.attempts',
      'c.expires_at',
      'c.used_at',
      'o.id as operator_id',
      'o.merchant_code',
      'o.username',
      'o.role',
      'o.status',
      'o.totp_secret',
      'o.ip_allow_list',
    ])
    .where('c.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const countChallengeFailure = (db: DbOrTrx, tokenHash: string) =>
  db
    .updateTable('operator_login_challenge')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('attempts')
    .executeTakeFirst();

/** Marks a live challenge used; undefined when it was used, expired or out of attempts meanwhile. */
export const claimLoginChallenge = (db: DbOrTrx, tokenHash: string, now: Date, maxAttempts: number) =>
  db
    .updateTable('operator_login_challenge')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('token_hash')
    .executeTakeFirst();

/**
 * Accepts TOTP step `step` for the operator only if it is newer than the last one accepted: the guard
 * that refuses a code used twice, atomic with concurrent logins. With `enrol`, also stores the secret.
 */
export const acceptTotpStep = (
  db: DbOrTrx,
  operatorId: number,
  step: number,
  enrol?: { sealedSecret: string; now: Date },
) =>
  db
    .updateTable('operator')
    .set({
      totp_last_step: step,
      ...(enrol ? { totp_secret: enrol.sealedSecret, totp_enrolled_at: enrol.now } : {}),
    })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();

export const replaceRecoveryCodes = async (
  db: DbOrTrx,
  operatorId: number,
  codeHashes: string[],
  now: Date,
) => {
  await db.deleteFrom('operator_recovery_code').where('operator_id', '=', operatorId).execute();
  await db
    .insertInto('operator_recovery_code')
    .values(codeHashes.map((code_hash) => ({ code_hash, operator_id: operatorId, created_at: now })))
    .execute();
};

/** Uses a recovery code once; undefined when unknown, another operator's or already used. */
export const useRecoveryCode = (db: DbOrTrx, operatorId: number, codeHash: string, now: Date) =>
  db
    .updateTable('operator_recovery_code')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();

export const setIpAllowList = (db: DbOrTrx, operatorId: number, ranges: string[]) =>
  db
    .updateTable('operator')
    .set({ ip_allow_list: ranges })
    .where('id', '=', operatorId)
    .returningAll()
    .executeTakeFirst();
