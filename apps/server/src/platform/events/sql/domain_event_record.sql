-- domain_event_record: recordEvent (event-catalogue.ts) in SQL, for writers that run in the
-- database: the outbox insert in the caller's transaction. PL/pgSQL, not LANGUAGE sql: a non-
-- inlinable SQL function is re-planned on every call before PostgreSQL 18 (14 % of the database's
-- CPU in a vendor bench profile).
-- First created by migration 202611241000-ledger-transfer-function (PL/pgSQL since 202611251100);
-- this file is its current definition, applied by the repeatable step (platform/db/database-
-- functions.ts) whenever the file changes.
create or replace function domain_event_record(p_name text, p_key text, p_payload jsonb) returns bigint
language plpgsql volatile as $$
declare
  v_id bigint;
begin
  insert into domain_event (partition, key, name, payload)
  values (domain_event_partition(p_key), p_key, p_name, p_payload)
  returning id into v_id;
  return v_id;
end $$;
