import { sql, type Kysely } from 'kysely';

/**
 * Vendor wallets (wallet module, issue 9 item 5). In the merchant's "transfer" wallet mode each game
 * vendor holds a wallet of its own per member: a MEMBER account told apart by `wallet` (the vendor's
 * code; MAIN is the member's main wallet, the one the header shows and deposits and withdrawals use).
 * A vendor wallet is the member's money like the main one (never below zero, in the sum of members'
 * holdings); money moves main <-> vendor as one ledger transfer. House accounts keep MAIN.
 * One wallet per (member, currency, wallet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account add column wallet text not null default 'MAIN'`.execute(db);
  await sql`alter table ledger_account
      add constraint ledger_account_wallet check (wallet ~ '^[A-Z][A-Z0-9_]{0,31}$' and (kind = 'MEMBER' or wallet = 'MAIN')),
      drop constraint ledger_account_member_currency,
      add constraint ledger_account_member_currency_wallet unique (member_id, currency, wallet)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account
      drop constraint ledger_account_member_currency_wallet,
      drop constraint ledger_account_wallet`.execute(db);
  await sql`delete from ledger_account where wallet <> 'MAIN' and balance = 0`.execute(db);
  await sql`alter table ledger_account drop column wallet,
      add constraint ledger_account_member_currency unique (member_id, currency)`.execute(db);
}
