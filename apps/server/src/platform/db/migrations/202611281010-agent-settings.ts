import { sql, type Kysely } from 'kysely';

/**
 * The agent module's own operator settings (modules/agent, docs/agent-centre.md "Operator settings"):
 * one row per merchant. `promote_allowed`: agents may promote a direct downline member to agent.
 * No row: the server's config (AGENT_PROMOTE) decides, so nothing changes until an operator sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_settings (
      merchant_code text primary key,
      promote_allowed boolean not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agent_settings`.execute(db);
}
