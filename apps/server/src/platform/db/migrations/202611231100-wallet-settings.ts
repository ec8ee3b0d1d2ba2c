import { sql, type Kysely } from 'kysely';

/**
 * A merchant's money settings (deposit channels and limits, withdrawal limits and payout clock,
 * payment-password lock, wallet mode): one JSON document per merchant, validated by the contract's
 * walletSettingsSchema when read and written, so a new setting needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_settings')
    .addColumn('merchant_code', 'text', (c) => c.primaryKey())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_settings').execute();
}
