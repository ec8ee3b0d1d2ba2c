import { sql, type Kysely } from 'kysely';

/**
 * ledger_account's identity rules move from CHECK constraints to a trigger that runs when an identity
 * column is written (modules/wallet/sql/ledger_account_identity.sql says why: PostgreSQL 15 re-reads
 * and plans every CHECK of a table on each UPDATE, and each transfer's two balance updates paid for all
 * eight). The same rules, the same error (23514 naming the same constraint); only the balance rule,
 * ledger_account_member_not_negative, stays a CHECK. Every existing row met the rules as CHECKs.
 */
const IDENTITY_CHECKS: Record<string, string> = {
  ledger_account_bucket: `bucket between 0 and 255 and (kind <> 'MEMBER' or bucket = 0)`,
  ledger_account_cash: `kind not in ('PAYMENT_CLEARING', 'WITHDRAWALS_PENDING', 'VENDOR_CLEARING', 'PROMOTIONS', 'AGENT_PAYOUTS', 'ADJUSTMENTS') or currency <> 'XPL'`,
  ledger_account_currency_check: `currency ~ '^[A-Z]{3}$'`,
  ledger_account_kind_check: `kind in ('MEMBER', 'HOUSE_PLAY', 'PAYMENT_CLEARING', 'WITHDRAWALS_PENDING', 'VENDOR_CLEARING', 'PROMOTIONS', 'AGENT_PAYOUTS', 'ADJUSTMENTS')`,
  ledger_account_owner: `(kind = 'MEMBER') = (member_id is not null)`,
  ledger_account_play_money: `(kind = 'HOUSE_PLAY') <= (currency = 'XPL')`,
  ledger_account_wallet: `wallet ~ '^[A-Z][A-Z0-9_]{0,31}$' and (kind = 'MEMBER' or wallet = 'MAIN')`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // The rules as this migration knew them; the repeatable step replaces the function with the file's
  // current body at the end of the same start.
  const cases = Object.entries(IDENTITY_CHECKS)
    .map(
      ([name, check]) =>
        `when not (${check.replace(/\b(bucket|kind|currency|member_id|wallet)\b/g, 'new.$1')}) then '${name}'`,
    )
    .join('\n');
  await sql
    .raw(
      `create or replace function ledger_account_identity() returns trigger language plpgsql as $$
       declare v_broken text;
       begin
         v_broken := case ${cases} end;
         if v_broken is not null then
           raise exception 'new row for relation "ledger_account" violates check constraint "%"', v_broken
             using errcode = 'check_violation', constraint = v_broken, table = tg_table_name,
               schema = tg_table_schema;
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql`
    create trigger ledger_account_identity
    before insert or update of member_id, kind, currency, wallet, bucket on ledger_account
    for each row execute function ledger_account_identity()`.execute(db);
  for (const name of Object.keys(IDENTITY_CHECKS)) {
    await sql`alter table ledger_account drop constraint ${sql.id(name)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, check] of Object.entries(IDENTITY_CHECKS)) {
    await sql`alter table ledger_account add constraint ${sql.id(name)} check (${sql.raw(check)})`.execute(
      db,
    );
  }
  await sql`drop trigger ledger_account_identity on ledger_account`.execute(db);
  await sql`drop function ledger_account_identity()`.execute(db);
}
