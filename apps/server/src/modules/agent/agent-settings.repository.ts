import type { DbOrTrx } from '../../database.ts';

/** The merchant's stored agent settings; undefined until an operator sets them. */
export const findAgentSettings = (db: DbOrTrx, merchantCode: string, lock = false) => {
  const q = db.selectFrom('agent_settings').selectAll().where('merchant_code', '=', merchantCode);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/** Writes the merchant's agent settings (one row per merchant). */
export const upsertAgentSettings = (
  db: DbOrTrx,
  merchantCode: string,
  s: { promoteAllowed: boolean },
  now: Date,
) =>
  db
    .insertInto('agent_settings')
    .values({ merchant_code: merchantCode, promote_allowed: s.promoteAllowed, updated_at: now })
    .onConflict((oc) =>
      oc.column('merchant_code').doUpdateSet({ promote_allowed: s.promoteAllowed, updated_at: now }),
    )
    .execute();
