-- wallet_record_turnover: The one copy of the turnover rule: valid bets lower the member's turnover
-- requirement, never below zero. recordTurnover (turnover.service.ts) and vendor_credit_apply call
-- it. PL/pgSQL, not LANGUAGE sql: a non-inlinable SQL function is re-planned on every call before
-- PostgreSQL 18.
-- First created by migration 202611251020-games-vendor-call-functions (PL/pgSQL since
-- 202611251100); this file is its current definition, applied by the repeatable step
-- (platform/db/database-functions.ts) whenever the file changes.
create or replace function wallet_record_turnover(p_member integer, p_amount bigint) returns void
language plpgsql volatile as $$
begin
  update wallet_member_state set turnover_remaining = greatest(0, turnover_remaining - p_amount),
    updated_at = now()
  where member_id = p_member and turnover_remaining > 0;
end $$;
