import { sql, type Kysely } from 'kysely';

/**
 * `domain_event_record` and `wallet_record_turnover` become PL/pgSQL, with the same bodies. Why: on
 * PostgreSQL before 18 a LANGUAGE sql function that cannot be inlined (both write) is parsed,
 * analysed and planned again on every call; the ledger and vendor-call functions call them once or
 * twice per money call, and a CPU profile of the vendor benchmark put that re-parsing at 14% of the
 * database's CPU. PL/pgSQL prepares each statement once per connection and reuses the plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function domain_event_record(p_name text, p_key text, p_payload jsonb) returns bigint
    language plpgsql volatile as $$
    declare
      v_id bigint;
    begin
      insert into domain_event (partition, key, name, payload)
      values (domain_event_partition(p_key), p_key, p_name, p_payload)
      returning id into v_id;
      return v_id;
    end $$`.execute(db);

  await sql`
    create or replace function wallet_record_turnover(p_member integer, p_amount bigint) returns void
    language plpgsql volatile as $$
    begin
      update wallet_member_state set turnover_remaining = greatest(0, turnover_remaining - p_amount),
        updated_at = now()
      where member_id = p_member and turnover_remaining > 0;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function domain_event_record(p_name text, p_key text, p_payload jsonb) returns bigint
    language sql volatile as $$
      insert into domain_event (partition, key, name, payload)
      values (domain_event_partition(p_key), p_key, p_name, p_payload)
      returning id
    $$`.execute(db);
  await sql`
    create or replace function wallet_record_turnover(p_member integer, p_amount bigint) returns void
    language sql volatile as $$
      update wallet_member_state set turnover_remaining = greatest(0, turnover_remaining - p_amount),
        updated_at = now()
      where member_id = p_member and turnover_remaining > 0
    $$`.execute(db);
}
