import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { PayoutKeyTable } from './money-settings.table.ts';

export const findPayoutKey = (db: DbOrTrx, memberId: number) =>
  db.selectFrom('payout_key').selectAll().where('member_id', '=', memberId).executeTakeFirst();

export async function upsertPayoutKey(db: DbOrTrx, row: Omit<PayoutKeyTable, 'updated_at'>): Promise<void> {
  await db
    .insertInto('payout_key')
    .values(row)
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        key_type: row.key_type,
        key_value: row.key_value,
        payee_name: row.payee_name,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** The member's payment password hash; undefined when none is set. */
export const findPaymentPasswordHash = async (db: DbOrTrx, memberId: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom('wallet_payment_password')
      .select('hash')
      .where('member_id', '=', memberId)
      .executeTakeFirst()
  )?.hash;

/** Sets or replaces the member's payment password hash. */
export async function upsertPaymentPasswordHash(db: DbOrTrx, memberId: number, hash: string): Promise<void> {
  await db
    .insertInto('wallet_payment_password')
    .values({ member_id: memberId, hash })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ hash, updated_at: sql`now()` }))
    .execute();
}
