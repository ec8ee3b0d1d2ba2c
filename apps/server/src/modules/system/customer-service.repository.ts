import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import type { CustomerServiceTable } from './system.table.ts';

/** The back office's view of customer_service (customer-service.ops.ts); the member site's read is listCustomerServices. */
export type CustomerServiceRow = Selectable<CustomerServiceTable>;

/** Every entry, enabled or not, in the member site's order. `forUpdate` locks them (reorder, add). */
export const listAllCustomerServices = (db: DbOrTrx, merchantCode: string, forUpdate = false) => {
  const q = db
    .selectFrom('customer_service')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort')
    .orderBy('id');
  return (forUpdate ? q.forUpdate() : q).execute();
};

export const findCustomerService = (db: DbOrTrx, merchantCode: string, id: number) =>
  db
    .selectFrom('customer_service')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** Whether another entry of this kind already has the label (the table's unique key). */
export async function customerServiceLabelTaken(
  db: DbOrTrx,
  merchantCode: string,
  csType: string,
  label: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('customer_service')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('cs_type', '=', csType)
    .where('label', '=', label);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const insertCustomerService = (db: DbOrTrx, row: Insertable<CustomerServiceTable>) =>
  db.insertInto('customer_service').values(row).returningAll().executeTakeFirstOrThrow();

export const updateCustomerServiceRow = (
  db: DbOrTrx,
  merchantCode: string,
  id: number,
  row: Updateable<CustomerServiceTable>,
) =>
  db
    .updateTable('customer_service')
    .set(row)
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteCustomerServiceRow(db: DbOrTrx, merchantCode: string, id: number): Promise<void> {
  await db
    .deleteFrom('customer_service')
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .execute();
}
