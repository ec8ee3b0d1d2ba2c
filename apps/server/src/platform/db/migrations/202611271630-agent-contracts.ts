import { sql, type Kysely } from 'kysely';

/**
 * Agent contracts and their settlement (modules/agent-contracts, docs/agent-centre.md "Contracts and
 * settlement").
 * - agent_contract: one offer between a direct upline and its downline; tiers are typed JSON that
 *   the contract's zod schemas validate before they are stored. At most one offered, active or
 *   termination-requested contract per (upline, downline, kind, product): a partial unique index.
 * - agent_contract_settlement: one row per (contract, period), the claim that makes a settlement run
 *   exactly once across nodes, with every input behind its amount.
 * - agent_contract_debt: what an upline short of funds still owes; paid first from its next income.
 * - agent_contract_settings: the operator's enablement per kind, caps for the top of a contract chain
 *   and the active-member threshold, per merchant (defaults when absent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_contract (
      id serial primary key,
      merchant_code text not null,
      kind text not null check (kind in ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
      product text not null check (product in ('LIVE', 'RNG', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP', 'CONS')),
      period text not null check (period in ('D', 'W', 'H', 'M', 'HOUR', 'RT')),
      upline_id integer not null references member (id),
      downline_id integer not null references member (id),
      -- The parties' accounts when offered (accounts never change): lists show them without a join
      -- into the member module's table.
      upline_account text not null,
      downline_account text not null,
      status text not null check (status in ('offered', 'active', 'termination_requested', 'rejected', 'terminated')),
      tiers jsonb not null,
      best_rate_bp integer not null check (best_rate_bp >= 0),
      best_fixed bigint not null check (best_fixed >= 0),
      termination_requested_by text check (termination_requested_by in ('upline', 'downline')),
      ended_reason text,
      created_at timestamptz not null default now(),
      accepted_at timestamptz,
      ended_at timestamptz,
      check (upline_id <> downline_id)
    )`.execute(db);
  await sql`create unique index agent_contract_open on agent_contract (upline_id, downline_id, kind, product)
    where status in ('offered', 'active', 'termination_requested')`.execute(db);
  await sql`create index agent_contract_by_downline on agent_contract (downline_id, status)`.execute(db);
  await sql`create index agent_contract_by_upline on agent_contract (upline_id, status)`.execute(db);
  await sql`create index agent_contract_due on agent_contract (kind, status)`.execute(db);
  await sql`
    create table agent_contract_settlement (
      id serial primary key,
      contract_id integer not null references agent_contract (id),
      period_key text not null,
      period_from timestamptz not null,
      period_to timestamptz not null,
      tier_index integer,
      team_valid_bet bigint not null,
      team_pnl bigint not null,
      active_members integer not null,
      rate_type text not null check (rate_type in ('PERCENT', 'FIXED')),
      rate bigint not null,
      amount bigint not null check (amount >= 0),
      paid bigint not null check (paid >= 0),
      debt bigint not null check (debt >= 0),
      payer text not null check (payer in ('HOUSE', 'UPLINE')),
      created_at timestamptz not null default now(),
      unique (contract_id, period_key)
    )`.execute(db);
  await sql`create index agent_contract_settlement_by_contract on agent_contract_settlement (contract_id, id)`.execute(
    db,
  );
  await sql`
    create table agent_contract_debt (
      id serial primary key,
      settlement_id integer not null unique references agent_contract_settlement (id),
      debtor_id integer not null references member (id),
      creditor_id integer not null references member (id),
      amount bigint not null check (amount > 0),
      remaining bigint not null check (remaining >= 0 and remaining <= amount),
      created_at timestamptz not null default now(),
      settled_at timestamptz
    )`.execute(db);
  await sql`create index agent_contract_debt_open on agent_contract_debt (debtor_id, id) where remaining > 0`.execute(
    db,
  );
  await sql`
    create table agent_contract_settings (
      merchant_code text primary key,
      enabled_kinds text[] not null,
      cap_dividend_bp integer not null,
      cap_daily_bp integer not null,
      cap_hourly_bp integer not null,
      cap_realtime_bp integer not null,
      cap_fixed bigint not null,
      active_member_min_bet bigint not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
