import { sql, type Insertable } from 'kysely';
import type { ContractKind, ContractProduct, ContractStatus } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import type {
  AgentContractRow,
  AgentContractTable,
  AgentContractSettlementTable,
  SettlementRow,
} from './agent-contracts.table.ts';

/** Statuses that bind a pair: at most one per (upline, downline, kind, product) (partial unique index). */
export const OPEN_STATUSES = [
  'offered',
  'active',
  'termination_requested',
] as const satisfies ContractStatus[];
/** Statuses under which a contract is in force (settled, and caps its downline's offers). */
export const IN_FORCE_STATUSES = ['active', 'termination_requested'] as const satisfies ContractStatus[];

/** The new contract, or undefined when an open one binds the pair already (the unique index). */
export const insertContract = (db: DbOrTrx, row: Insertable<AgentContractTable>) =>
  db
    .insertInto('agent_contract')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();

/** One contract the member is a party of (upline or downline); undefined otherwise, as for a missing id. */
export const findPartyContract = (db: DbOrTrx, id: number, memberId: number, lock = false) => {
  const q = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('upline_id', '=', memberId), eb('downline_id', '=', memberId)]));
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const listPartyContracts = (
  db: DbOrTrx,
  memberId: number,
  role: 'upline' | 'downline' | 'all',
  kind: ContractKind | undefined,
  limit = 500,
) => {
  let q = db.selectFrom('agent_contract').selectAll();
  if (role === 'upline') q = q.where('upline_id', '=', memberId);
  else if (role === 'downline') q = q.where('downline_id', '=', memberId);
  else q = q.where((eb) => eb.or([eb('upline_id', '=', memberId), eb('downline_id', '=', memberId)]));
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id', 'desc').limit(limit).execute();
};

/** The member's own contract in force as downline of this kind and product (what caps its offers). */
export const inForceAsDownline = (
  db: DbOrTrx,
  memberId: number,
  kind: ContractKind,
  product: ContractProduct,
) =>
  db
    .selectFrom('agent_contract')
    .selectAll()
    .where('downline_id', '=', memberId)
    .where('kind', '=', kind)
    .where('product', '=', product)
    .where('status', 'in', IN_FORCE_STATUSES)
    .executeTakeFirst();

/** The member's open contracts as upline of this kind and product that grant more than the given best
 *  rate or fixed amount, locked (the higher-rate rule). */
export const openAsUplineAbove = (
  db: DbOrTrx,
  memberId: number,
  kind: ContractKind,
  product: ContractProduct,
  bestRateBp: number,
  bestFixed: number,
) =>
  db
    .selectFrom('agent_contract')
    .selectAll()
    .where('upline_id', '=', memberId)
    .where('kind', '=', kind)
    .where('product', '=', product)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('best_rate_bp', '>', bestRateBp), eb('best_fixed', '>', bestFixed)]))
    .orderBy('id')
    .forUpdate()
    .execute();

export const updateContract = (
  db: DbOrTrx,
  id: number,
  patch: Partial<
    Pick<
      AgentContractRow,
      'status' | 'termination_requested_by' | 'ended_reason' | 'accepted_at' | 'ended_at'
    >
  >,
) =>
  db.updateTable('agent_contract').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const terminateContracts = (db: DbOrTrx, ids: readonly number[], reason: string, now: Date) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .updateTable('agent_contract')
        .set({ status: 'terminated', ended_reason: reason, ended_at: now, termination_requested_by: null })
        .where('id', 'in', ids)
        .returning('id')
        .execute();

/** Contracts awaiting the member's answer: offers to it, and terminations the other side asked for. */
export const awaitingAnswer = (db: DbOrTrx, memberId: number) =>
  db
    .selectFrom('agent_contract')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('downline_id', '=', memberId), eb('status', '=', 'offered')]),
        eb.and([
          eb('status', '=', 'termination_requested'),
          eb.or([
            eb.and([eb('downline_id', '=', memberId), eb('termination_requested_by', '=', 'upline')]),
            eb.and([eb('upline_id', '=', memberId), eb('termination_requested_by', '=', 'downline')]),
          ]),
        ]),
      ]),
    )
    .orderBy('id')
    .limit(100)
    .execute();

/** Kinds the member has a contract in force of, as either party. */
export const kindsInForce = async (db: DbOrTrx, memberId: number): Promise<ContractKind[]> =>
  (
    await db
      .selectFrom('agent_contract')
      .select('kind')
      .distinct()
      .where((eb) => eb.or([eb('upline_id', '=', memberId), eb('downline_id', '=', memberId)]))
      .where('status', 'in', IN_FORCE_STATUSES)
      .execute()
  ).map((r) => r.kind);

export const findSettings = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('agent_contract_settings')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();

// Settlement -----------------------------------------------------------------------------------

/** Contracts in force of a kind (settlement's work list), in id order, a page at a time; `only`: of these ids. */
export const inForceOfKind = (
  db: DbOrTrx,
  merchantCode: string,
  kind: ContractKind,
  afterId: number,
  limit: number,
  only?: readonly number[],
) => {
  let q = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .where('kind', '=', kind)
    .where('status', 'in', IN_FORCE_STATUSES)
    .where('id', '>', afterId);
  if (only) {
    if (only.length === 0) return Promise.resolve([]);
    q = q.where('id', 'in', only);
  }
  return q.orderBy('id').limit(limit).execute();
};

/**
 * Claims a page of (contract, period)s in one statement: each row is written or, when another run
 * wrote it first, not (absent from the answer). The caller writes them in the transaction that moves
 * the money, so a run that dies before commit leaves no claim behind, and a concurrent twin waits on
 * the unique keys (taken in the rows' order, the same on every node), then finds them taken.
 */
export const claimSettlements = (db: DbOrTrx, rows: readonly Insertable<AgentContractSettlementTable>[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('agent_contract_settlement')
        .values([...rows])
        .onConflict((oc) => oc.columns(['contract_id', 'period_key']).doNothing())
        .returning(['id', 'contract_id', 'period_key'])
        .execute();

/** Sets the paid and debt of many settlements in one statement. */
export const setSettlementsPaid = async (
  db: DbOrTrx,
  rows: readonly { id: number; paid: number; debt: number }[],
) => {
  if (rows.length === 0) return;
  await sql`update agent_contract_settlement s set paid = v.paid, debt = v.debt
    from unnest(${rows.map((r) => r.id)}::integer[], ${rows.map((r) => r.paid)}::bigint[],
      ${rows.map((r) => r.debt)}::bigint[]) as v(id, paid, debt)
    where s.id = v.id`.execute(db);
};

/** Inserts many debts (what remains of each, and when it was settled if nothing does), in the
 *  given order; their ids by settlement (a settlement leaves at most one debt). */
export const insertDebts = async (
  db: DbOrTrx,
  rows: readonly {
    settlement_id: number;
    debtor_id: number;
    creditor_id: number;
    amount: number;
    remaining: number;
    settled_at: Date | null;
  }[],
): Promise<Map<number, number>> => {
  if (rows.length === 0) return new Map();
  const out = await db
    .insertInto('agent_contract_debt')
    .values([...rows])
    .returning(['id', 'settlement_id'])
    .execute();
  return new Map(out.map((r) => [r.settlement_id, r.id]));
};

/** The unpaid debts of the named members, oldest first, locked (in id order). */
export const openDebtsOf = (db: DbOrTrx, debtorIds: readonly number[]) =>
  debtorIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('agent_contract_debt')
        .selectAll()
        .where('debtor_id', 'in', [...new Set(debtorIds)])
        .where('remaining', '>', 0)
        .orderBy('id')
        .forUpdate()
        .execute();

/** Sets what remains of many debts in one statement (settled_at when nothing does). */
export const reduceDebts = async (
  db: DbOrTrx,
  rows: readonly { id: number; remaining: number }[],
  now: Date,
) => {
  if (rows.length === 0) return;
  await sql`update agent_contract_debt d set remaining = v.remaining,
      settled_at = case when v.remaining = 0 then ${now.toISOString()}::timestamptz else null end
    from unnest(${rows.map((r) => r.id)}::integer[], ${rows.map((r) => r.remaining)}::bigint[])
      as v(id, remaining)
    where d.id = v.id`.execute(db);
};

export interface SettlementWithContract extends SettlementRow {
  kind: ContractKind;
  product: ContractProduct;
  upline_id: number;
  downline_id: number;
  upline_account: string;
  downline_account: string;
}

/** Settlements of the member's contracts, newest first, keyset by id. */
export const listPartySettlements = (
  db: DbOrTrx,
  memberId: number,
  q: {
    role: 'upline' | 'downline' | 'all';
    kind?: ContractKind | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<SettlementWithContract[]> => {
  let s = db
    .selectFrom('agent_contract_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .selectAll('s')
    .select([
      'c.kind',
      'c.product',
      'c.upline_id',
      'c.downline_id',
      'c.upline_account',
      'c.downline_account',
    ]);
  if (q.role === 'upline') s = s.where('c.upline_id', '=', memberId);
  else if (q.role === 'downline') s = s.where('c.downline_id', '=', memberId);
  else s = s.where((eb) => eb.or([eb('c.upline_id', '=', memberId), eb('c.downline_id', '=', memberId)]));
  if (q.kind) s = s.where('c.kind', '=', q.kind);
  if (q.cursor !== undefined) s = s.where('s.id', '<', q.cursor);
  return s.orderBy('s.id', 'desc').limit(q.limit).execute();
};

/** The period keys of some contracts' settlements whose period began at or after `from`, per contract. */
export const settledKeysSince = async (
  db: DbOrTrx,
  contractIds: readonly number[],
  from: Date,
): Promise<Map<number, Set<string>>> => {
  const out = new Map<number, Set<string>>(contractIds.map((id) => [id, new Set()]));
  if (contractIds.length === 0) return out;
  const rows = await db
    .selectFrom('agent_contract_settlement')
    .select(['contract_id', 'period_key'])
    .where('contract_id', 'in', contractIds)
    .where('period_from', '>=', from)
    .execute();
  for (const r of rows) out.get(r.contract_id)?.add(r.period_key);
  return out;
};

// Real-time rounds ------------------------------------------------------------------------------

/** A settled round under one agent of its team (the member itself or an upline). */
export interface AgentRoundRow {
  agentId: number;
  ref: string;
  memberId: number;
  settledAt: string;
  product: string;
  currency: string;
  stake: number;
  payout: number;
}

/** Records rounds under their agents, in one statement; a (agent, round) already there is left alone. */
export const insertRounds = async (db: DbOrTrx, rows: readonly AgentRoundRow[]): Promise<void> => {
  if (rows.length === 0) return;
  const column = <K extends keyof AgentRoundRow>(key: K) => rows.map((r) => r[key]);
  await sql`insert into agent_contract_round (agent_id, ref, member_id, settled_at, product, currency, stake, payout)
    select * from unnest(${column('agentId')}::integer[], ${column('ref')}::text[],
      ${column('memberId')}::integer[], ${column('settledAt')}::timestamptz[], ${column('product')}::text[],
      ${column('currency')}::text[], ${column('stake')}::bigint[], ${column('payout')}::bigint[])
    on conflict do nothing`.execute(db);
};

/**
 * The rounds of the teams of `agentIds` (each agent itself included) settled in [from, to), of the
 * given products, per agent in settlement order (one statement: what a settlement page reads). An
 * agent whose team has none maps to an empty list.
 */
export const teamsRounds = async (
  db: DbOrTrx,
  agentIds: readonly number[],
  range: { from: Date; to: Date },
  currency: string,
  products: readonly string[],
): Promise<Map<number, { member_id: number; settled_at: Date; stake: number; payout: number }[]>> => {
  const out = new Map<number, { member_id: number; settled_at: Date; stake: number; payout: number }[]>(
    agentIds.map((id) => [id, []]),
  );
  if (agentIds.length === 0 || products.length === 0) return out;
  const rows = await db
    .selectFrom('agent_contract_round')
    .select(['agent_id', 'member_id', 'settled_at', 'stake', 'payout'])
    .where('agent_id', 'in', [...new Set(agentIds)])
    .where('settled_at', '>=', range.from)
    .where('settled_at', '<', range.to)
    .where('currency', '=', currency)
    .where('product', 'in', products)
    .orderBy('agent_id')
    .orderBy('settled_at')
    .execute();
  for (const r of rows)
    out.get(r.agent_id)?.push({
      member_id: r.member_id,
      settled_at: new Date(r.settled_at),
      stake: Number(r.stake),
      payout: Number(r.payout),
    });
  return out;
};

/** Drops rounds settled before `before` (real-time periods that far back are settled or never will be). */
export const pruneRounds = (db: DbOrTrx, before: Date) =>
  db.deleteFrom('agent_contract_round').where('settled_at', '<', before).execute();

/** Every settlement of a contract (tests, re-runs). */
export const settlementsOf = (db: DbOrTrx, contractId: number) =>
  db
    .selectFrom('agent_contract_settlement')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('id')
    .execute();
