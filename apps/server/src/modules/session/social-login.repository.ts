import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { SocialLoginStateTable } from './session.table.ts';

export const insertSocialLoginState = (db: DbOrTrx, row: Insertable<SocialLoginStateTable>) =>
  db.insertInto('social_login_state').values(row).execute();

/**
 * Spends a sign-in state: marks it used and returns it, or undefined when it is unknown or already
 * used. One UPDATE, so two callbacks racing with the same state cannot both get it.
 */
export const takeSocialLoginState = (db: DbOrTrx, stateHash: string, now: Date) =>
  db
    .updateTable('social_login_state')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Rows past their expiry (used or not) serve no purpose; removed as new sign-ins start. */
export const deleteExpiredSocialLoginStates = (db: DbOrTrx, before: Date) =>
  db.deleteFrom('social_login_state').where('expires_at', '<', before).execute();
