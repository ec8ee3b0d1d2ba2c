-- ledger_transfer_append_only: The ledger is append-only: a wrong transfer is corrected by another
-- transfer, never edited away (trigger ledger_transfer_append_only on ledger_transfer).
-- First created by migration 0200-ledger; this file is its current definition, applied by the
-- repeatable step (platform/db/database-functions.ts) whenever the file changes.
create or replace function ledger_transfer_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_transfer is append-only (% refused)', tg_op;
end $$;
