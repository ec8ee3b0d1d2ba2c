import { sql, type Kysely } from 'kysely';

/**
 * The ledger (wallet module): accounts holding a balance in one currency, and the transfers that move
 * money between two of them. Double entry: a transfer debits one account and credits another by the
 * same positive amount, in the same transaction as both balance updates, so the sum of all balances is
 * zero at every commit. Amounts and balances are bigint minor units.
 *
 * Account kinds:
 * - MEMBER: a member's wallet, one per (member, currency); never below zero.
 * - HOUSE_CASH: the merchant's side of real-money movements (deposits, withdrawals, bets); one per
 *   (merchant, currency); may go negative (it is the counterpart of what members hold).
 * - HOUSE_PLAY: the merchant's source of play money (currency XPL) for free-play accounts.
 * Play money never mixes with cash: HOUSE_PLAY holds only XPL, HOUSE_CASH never does, and a transfer's
 * currency must equal both accounts' currency (composite foreign keys), so XPL can only flow between
 * XPL accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull())
    // Restrict: a member who holds (or held) money cannot be deleted out from under the ledger.
    .addColumn('member_id', 'bigint', (c) => c.references('member.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('MEMBER', 'HOUSE_CASH', 'HOUSE_PLAY')`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_account_member_not_negative', sql`kind <> 'MEMBER' or balance >= 0`)
    .addCheckConstraint('ledger_account_owner', sql`(kind = 'MEMBER') = (member_id is not null)`)
    .addCheckConstraint('ledger_account_play_money', sql`(kind = 'HOUSE_PLAY') <= (currency = 'XPL')`)
    .addCheckConstraint('ledger_account_cash', sql`kind <> 'HOUSE_CASH' or currency <> 'XPL'`)
    .addUniqueConstraint('ledger_account_member_currency', ['member_id', 'currency'])
    // Target of the transfers' composite foreign keys: a transfer's currency is its accounts' currency.
    .addUniqueConstraint('ledger_account_id_currency', ['id', 'currency'])
    .execute();
  await sql`create unique index ledger_account_house on ledger_account (merchant_code, kind, currency) where member_id is null`.execute(
    db,
  );

  await db.schema
    .createTable('ledger_transfer')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // The caller's name for this movement (e.g. freeplay:<memberId>): a retry with the same key
    // returns the first transfer instead of moving money twice.
    .addColumn('idempotency_key', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`char_length(idempotency_key) between 1 and 200`),
    )
    .addColumn('debit_account_id', 'bigint', (c) => c.notNull())
    .addColumn('credit_account_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind ~ '^[A-Z][A-Z_]{0,31}$'`))
    .addColumn('reference', 'text', (c) => c.check(sql`char_length(reference) <= 256`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_transfer_two_accounts', sql`debit_account_id <> credit_account_id`)
    .addForeignKeyConstraint('ledger_transfer_debit_fk', ['debit_account_id', 'currency'], 'ledger_account', [
      'id',
      'currency',
    ])
    .addForeignKeyConstraint(
      'ledger_transfer_credit_fk',
      ['credit_account_id', 'currency'],
      'ledger_account',
      ['id', 'currency'],
    )
    .execute();
  // An account's movements, newest first (account records, balance recomputation).
  await db.schema
    .createIndex('ledger_transfer_debit')
    .on('ledger_transfer')
    .columns(['debit_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_transfer_credit')
    .on('ledger_transfer')
    .columns(['credit_account_id', 'id'])
    .execute();

  // Append-only: a wrong transfer is corrected by another transfer, never edited away.
  await sql`
    create function ledger_transfer_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_transfer is append-only (% refused)', tg_op;
    end $$`.execute(db);
  await sql`
    create trigger ledger_transfer_append_only before update or delete on ledger_transfer
    for each row execute function ledger_transfer_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_transfer').ifExists().execute();
  await sql`drop function if exists ledger_transfer_append_only()`.execute(db);
  await db.schema.dropTable('ledger_account').ifExists().execute();
}
