import type { Kysely } from 'kysely';

/**
 * The account record (wallet module, issue 9 item 7) shows each movement with the balance it left.
 * transfer() writes both accounts' balances after the movement into the transfer row it inserts
 * (exact: both accounts are locked, so their balances cannot move in between), so the record never
 * recomputes history. Null for transfers written before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ledger_transfer')
    .addColumn('debit_balance_after', 'bigint')
    .addColumn('credit_balance_after', 'bigint')
    .execute();
  // The record's date filter within one account, newest first.
  await db.schema
    .createIndex('ledger_transfer_created')
    .on('ledger_transfer')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_transfer_created').ifExists().execute();
  await db.schema
    .alterTable('ledger_transfer')
    .dropColumn('debit_balance_after')
    .dropColumn('credit_balance_after')
    .execute();
}
