import { sql, type Kysely } from 'kysely';

/**
 * A contract's status history (modules/agent-contracts, docs/agent-centre.md "Status history"): one
 * row per change of status, written in the transaction of the change (offer, accept, reject, withdraw,
 * termination asked, confirmed or kept, the higher-rate rule's terminations, the operator's end).
 * `from_status` is null for the offer; `by_side` says which side acted (`upline`, `downline`,
 * `operator`, `system`), `by_member_id` / `by_operator_id` who; `reason` the end's reason code, or the
 * operator's own words for an operator's end.
 *
 * Backfill: the transitions a contract row records (offered at created_at by the upline; accepted at
 * accepted_at by the downline; rejected; a termination asked (its moment was never stored: at null);
 * ended with its reason at ended_at). A termination confirmed by the other side came from
 * termination_requested; any other end after acceptance is recorded from active (the row does not say
 * whether a termination was pending then). An operator's end takes the operator and reason from its
 * audit entry (agent_contract.end) when there is one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_contract_status_history (
      id serial primary key,
      contract_id integer not null references agent_contract (id),
      from_status text check (from_status in ('offered', 'active', 'termination_requested', 'rejected', 'terminated')),
      to_status text not null check (to_status in ('offered', 'active', 'termination_requested', 'rejected', 'terminated')),
      by_side text not null check (by_side in ('upline', 'downline', 'operator', 'system')),
      by_member_id integer,
      by_operator_id integer,
      reason text,
      -- Null only for backfilled steps whose moment the row never stored (a termination request).
      at timestamptz,
      check (by_side not in ('upline', 'downline') or by_member_id is not null)
    )`.execute(db);
  await sql`create index agent_contract_status_history_by_contract
    on agent_contract_status_history (contract_id, id)`.execute(db);
  await backfillContractStatusHistory(db);
}

/**
 * The steps a contract row records, for every contract without any history yet (so it may run again:
 * contracts with history are left alone), in each contract's order (offered, accepted, asked, ended).
 */
export async function backfillContractStatusHistory(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into agent_contract_status_history
      (contract_id, from_status, to_status, by_side, by_member_id, by_operator_id, reason, at)
    select contract_id, from_status, to_status, by_side, by_member_id, by_operator_id, reason, at
    from (
      select c.id as contract_id, 1 as step, null::text as from_status, 'offered' as to_status,
        'upline' as by_side, c.upline_id as by_member_id, null::integer as by_operator_id,
        null::text as reason, c.created_at as at
      from agent_contract c
      union all
      select c.id, 2, 'offered', 'active', 'downline', c.downline_id, null, null, c.accepted_at
      from agent_contract c where c.accepted_at is not null
      union all
      -- A termination asked: still pending, or confirmed by the other side since.
      select c.id, 3, 'active', 'termination_requested', r.side,
        case r.side when 'upline' then c.upline_id else c.downline_id end, null, null, null
      from agent_contract c
      cross join lateral (select coalesce(c.termination_requested_by,
        case c.ended_reason when 'terminated_by_upline' then 'upline'
          when 'terminated_by_downline' then 'downline' end) as side) r
      where c.accepted_at is not null and r.side is not null
        and (c.status = 'termination_requested' or c.ended_reason in ('terminated_by_upline', 'terminated_by_downline'))
      union all
      select c.id, 4, 'offered', 'rejected', 'downline', c.downline_id, null, null, c.ended_at
      from agent_contract c where c.status = 'rejected'
      union all
      select c.id, 4,
        case when c.ended_reason in ('terminated_by_upline', 'terminated_by_downline') then 'termination_requested'
          when c.accepted_at is null then 'offered' else 'active' end,
        'terminated', e.side,
        case e.side when 'upline' then c.upline_id when 'downline' then c.downline_id end,
        case when e.side = 'operator' then a.actor_id end,
        case when e.side = 'operator' then coalesce(a.reason, c.ended_reason) else c.ended_reason end,
        c.ended_at
      from agent_contract c
      cross join lateral (select case
        when c.ended_reason in ('offer_withdrawn', 'upline_rate_lowered') then 'upline'
        -- Confirmed by the other side than the one that asked.
        when c.ended_reason = 'terminated_by_upline' then 'downline'
        when c.ended_reason = 'terminated_by_downline' then 'upline'
        when c.ended_reason = 'ended_by_operator' then 'operator'
        else 'system' end as side) e
      left join lateral (
        select oa.actor_id, oa.reason from operator_audit oa
        where c.ended_reason = 'ended_by_operator' and oa.action = 'agent_contract.end'
          and oa.subject_type = 'agent_contract' and oa.subject_id = c.id::text
        order by oa.id desc limit 1
      ) a on true
      where c.status = 'terminated'
    ) s
    where not exists (select 1 from agent_contract_status_history h where h.contract_id = s.contract_id)
    order by contract_id, step`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agent_contract_status_history`.execute(db);
}
