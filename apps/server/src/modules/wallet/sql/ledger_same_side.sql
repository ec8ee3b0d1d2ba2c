-- ledger_same_side: Whether a stored transfer's side names the requested account: another bucket of
-- the same house account (merchant, kind, currency) counts as the same side (ledger invariant 4,
-- replays).
-- First created by migration 202611241000-ledger-transfer-function; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function ledger_same_side(p_stored bigint, p_requested ledger_account) returns boolean
language plpgsql stable as $$
begin
  if p_requested.id is not null and p_stored = p_requested.id then return true; end if;
  if p_requested.id is null or p_requested.member_id is not null then return false; end if;
  return exists (
    select 1 from ledger_account s
    where s.id = p_stored and s.member_id is null and s.merchant_code = p_requested.merchant_code
      and s.kind = p_requested.kind and s.currency = p_requested.currency);
end $$;
