-- ledger_apply_transfer_reading_wallets: ledger_apply_transfer, then (a second statement, so it
-- sees the transfer's writes) the member's wallets in the currency: the wallet-transfer relay's
-- answer in the transfer's own round trip. Callers go through transferReadingWallets() in
-- ledger.service.ts.
-- First created by migration 202611251021-ledger-transfer-read-wallets; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function ledger_apply_transfer_reading_wallets(
  p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
  p_event text, p_member integer, p_currency text)
returns table (
  outcome text, id bigint, idempotency_key text, debit_account_id bigint, credit_account_id bigint,
  amount bigint, currency text, kind text, reference text, debit_balance_after bigint,
  credit_balance_after bigint, created_at timestamptz, wallets jsonb)
language plpgsql volatile as $$
declare
  v_t record;
  v_wallets jsonb;
begin
  select * into v_t
  from ledger_apply_transfer(p_key, p_debit, p_credit, p_amount, p_kind, p_reference, p_event) t;
  select coalesce(jsonb_agg(jsonb_build_object('wallet', a.wallet, 'balance', a.balance) order by a.id),
    '[]'::jsonb)
  into v_wallets
  from ledger_account a where a.member_id = p_member and a.currency = p_currency;
  return query select v_t.outcome, v_t.id, v_t.idempotency_key, v_t.debit_account_id,
    v_t.credit_account_id, v_t.amount, v_t.currency, v_t.kind, v_t.reference, v_t.debit_balance_after,
    v_t.credit_balance_after, v_t.created_at, v_wallets;
end $$;
