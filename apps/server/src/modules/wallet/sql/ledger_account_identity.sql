-- ledger_account_identity: an account's identity rules (who owns it, its kind, currency, wallet and
-- bucket), checked whenever one of those columns is written (trigger ledger_account_identity: before
-- insert, or an update that sets any of them). They were CHECK constraints until migration
-- 202611281100-ledger-account-identity-checks: PostgreSQL 15 re-reads and plans every CHECK of a table
-- from its stored text on each UPDATE, whatever columns it sets, and a balance update (two per
-- transfer) paid for all eight, a fifth of a vendor money call's database CPU. Only the balance rule
-- (ledger_account_member_not_negative) is about a column transfers write, so it stays a CHECK. A
-- broken rule raises what its CHECK raised: SQLSTATE 23514 (check_violation) naming the same
-- constraint, first by name as PostgreSQL checks them.
-- First created by migration 202611281100-ledger-account-identity-checks; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function ledger_account_identity() returns trigger
language plpgsql as $$
declare
  v_broken text;
begin
  v_broken := case
    when not (new.bucket between 0 and 255 and (new.kind <> 'MEMBER' or new.bucket = 0))
      then 'ledger_account_bucket'
    -- The cash kinds never hold play money.
    when not (new.kind not in ('PAYMENT_CLEARING', 'WITHDRAWALS_PENDING', 'VENDOR_CLEARING',
      'PROMOTIONS', 'AGENT_PAYOUTS', 'ADJUSTMENTS') or new.currency <> 'XPL')
      then 'ledger_account_cash'
    when not (new.currency ~ '^[A-Z]{3}$') then 'ledger_account_currency_check'
    when not (new.kind in ('MEMBER', 'HOUSE_PLAY', 'PAYMENT_CLEARING', 'WITHDRAWALS_PENDING',
      'VENDOR_CLEARING', 'PROMOTIONS', 'AGENT_PAYOUTS', 'ADJUSTMENTS'))
      then 'ledger_account_kind_check'
    when not ((new.kind = 'MEMBER') = (new.member_id is not null)) then 'ledger_account_owner'
    when not ((new.kind = 'HOUSE_PLAY') <= (new.currency = 'XPL')) then 'ledger_account_play_money'
    when not (new.wallet ~ '^[A-Z][A-Z0-9_]{0,31}$' and (new.kind = 'MEMBER' or new.wallet = 'MAIN'))
      then 'ledger_account_wallet'
  end;
  if v_broken is not null then
    raise exception 'new row for relation "ledger_account" violates check constraint "%"', v_broken
      using errcode = 'check_violation', constraint = v_broken, table = tg_table_name,
        schema = tg_table_schema;
  end if;
  return new;
end $$;
