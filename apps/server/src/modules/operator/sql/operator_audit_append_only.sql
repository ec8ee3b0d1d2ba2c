-- operator_audit_append_only: The operator audit is append-only (triggers
-- operator_audit_append_only and operator_audit_no_truncate on operator_audit).
-- First created by migration 202611231500-operator-accounts; this file is its current definition,
-- applied by the repeatable step (platform/db/database-functions.ts) whenever the file changes.
create or replace function operator_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_audit is append-only (% refused)', tg_op;
end $$;
