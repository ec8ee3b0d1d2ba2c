import { sql } from 'kysely';
import type { ContractKind, ContractStatus } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { IN_FORCE_STATUSES } from './agent-contracts.repository.ts';

/*
 * The back office's reads over the module's own tables (contracts, settlements, debts, settings) and
 * the settings write. docs/agent-centre.md "Back office: contracts".
 */

/** Contracts of the merchant, newest first, keyset by id; `account` is either party's. */
export const searchContracts = (
  db: DbOrTrx,
  merchantCode: string,
  q: {
    kind?: ContractKind | undefined;
    status?: ContractStatus | undefined;
    account?: string | undefined;
    beforeId?: number | undefined;
    limit: number;
  },
) => {
  let s = db.selectFrom('agent_contract').selectAll().where('merchant_code', '=', merchantCode);
  if (q.kind) s = s.where('kind', '=', q.kind);
  if (q.status) s = s.where('status', '=', q.status);
  if (q.account) {
    const account = q.account;
    s = s.where((eb) => eb.or([eb('upline_account', '=', account), eb('downline_account', '=', account)]));
  }
  if (q.beforeId !== undefined) s = s.where('id', '<', q.beforeId);
  return s.orderBy('id', 'desc').limit(q.limit).execute();
};

/** One contract of the merchant (locked when asked); undefined for a missing one or another merchant's. */
export const findMerchantContract = (db: DbOrTrx, merchantCode: string, id: number, lock = false) => {
  const q = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/** How many settlements each contract has and what they paid. */
export async function settlementTotals(
  db: DbOrTrx,
  contractIds: readonly number[],
): Promise<Map<number, { settlements: number; paid: number }>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_contract_settlement')
    .select([
      'contract_id',
      sql<number>`count(*)::int8`.as('settlements'),
      sql<number>`coalesce(sum(paid), 0)::int8`.as('paid'),
    ])
    .where('contract_id', 'in', contractIds)
    .groupBy('contract_id')
    .execute();
  return new Map(rows.map((r) => [r.contract_id, { settlements: r.settlements, paid: r.paid }]));
}

/** A contract's settlements, newest first. */
export const contractSettlements = (db: DbOrTrx, contractId: number, limit: number) =>
  db
    .selectFrom('agent_contract_settlement')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export interface RunRow {
  kind: ContractKind;
  period_key: string;
  period_from: Date;
  period_to: Date;
  settled: number;
  amount: number;
  paid: number;
  debt: number;
  last_at: Date;
}

/** Settlements grouped by (kind, period), newest period first; keyset on (period start, kind, key). */
export const settlementRuns = (
  db: DbOrTrx,
  merchantCode: string,
  q: {
    kind?: ContractKind | undefined;
    after?: { from: Date; kind: string; key: string } | undefined;
    limit: number;
  },
) => {
  let s = db
    .selectFrom('agent_contract_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .select([
      'c.kind',
      's.period_key',
      sql<Date>`min(s.period_from)`.as('period_from'),
      sql<Date>`max(s.period_to)`.as('period_to'),
      sql<number>`count(*)::int8`.as('settled'),
      sql<number>`sum(s.amount)::int8`.as('amount'),
      sql<number>`sum(s.paid)::int8`.as('paid'),
      sql<number>`sum(s.debt)::int8`.as('debt'),
      sql<Date>`max(s.created_at)`.as('last_at'),
    ])
    .where('c.merchant_code', '=', merchantCode)
    .groupBy(['c.kind', 's.period_key']);
  if (q.kind) s = s.where('c.kind', '=', q.kind);
  if (q.after) {
    const a = q.after;
    s = s.having(
      sql<boolean>`(min(s.period_from), c.kind, s.period_key) < (${a.from.toISOString()}::timestamptz, ${a.kind}, ${a.key})`,
    );
  }
  return s
    .orderBy(sql`min(s.period_from)`, 'desc')
    .orderBy('c.kind', 'desc')
    .orderBy('s.period_key', 'desc')
    .limit(q.limit)
    .execute() as Promise<RunRow[]>;
};

/**
 * Contracts in force of `kind` (of dividend period `period` when given) accepted before `periodTo`
 * that have no settlement for `periodKey`: what a run of that period left out.
 */
export async function unsettledInForce(
  db: DbOrTrx,
  merchantCode: string,
  kind: ContractKind,
  period: string | undefined,
  periodKey: string,
  periodTo: Date,
): Promise<number> {
  let s = db
    .selectFrom('agent_contract as c')
    .select(sql<number>`count(*)::int8`.as('n'))
    .where('c.merchant_code', '=', merchantCode)
    .where('c.kind', '=', kind)
    .where('c.status', 'in', IN_FORCE_STATUSES)
    .where('c.accepted_at', '<', periodTo)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('agent_contract_settlement as s')
            .select('s.id')
            .whereRef('s.contract_id', '=', 'c.id')
            .where('s.period_key', '=', periodKey),
        ),
      ),
    );
  if (period) s = s.where('c.period', '=', period as 'D');
  return (await s.executeTakeFirstOrThrow()).n;
}

const debtsBase = (db: DbOrTrx, merchantCode: string, account: string | undefined) => {
  let s = db
    .selectFrom('agent_contract_debt as d')
    .innerJoin('agent_contract_settlement as s', 's.id', 'd.settlement_id')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .where('c.merchant_code', '=', merchantCode)
    .where('d.remaining', '>', 0);
  // The debtor is the contract's upline (it paid short), the creditor its downline.
  if (account) s = s.where('c.upline_account', '=', account);
  return s;
};

/** Open debts with the settlement and contract behind each, newest first, keyset by id. */
export const openDebtsPage = (
  db: DbOrTrx,
  merchantCode: string,
  q: { account?: string | undefined; beforeId?: number | undefined; limit: number },
) => {
  let s = debtsBase(db, merchantCode, q.account).select([
    'd.id',
    'd.amount',
    'd.remaining',
    'd.created_at',
    'd.debtor_id',
    'd.creditor_id',
    'c.upline_account',
    'c.downline_account',
    's.id as settlement_id',
    's.contract_id',
    's.period_key',
    'c.kind',
  ]);
  if (q.beforeId !== undefined) s = s.where('d.id', '<', q.beforeId);
  return s.orderBy('d.id', 'desc').limit(q.limit).execute();
};

/** Every debtor with open debts (under the filter): count and remaining, largest first. */
export const openDebtsByDebtor = (db: DbOrTrx, merchantCode: string, account: string | undefined) =>
  debtsBase(db, merchantCode, account)
    .select([
      'd.debtor_id',
      'c.upline_account',
      sql<number>`count(*)::int8`.as('debts'),
      sql<number>`sum(d.remaining)::int8`.as('remaining'),
    ])
    .groupBy(['d.debtor_id', 'c.upline_account'])
    .orderBy(sql`sum(d.remaining)`, 'desc')
    .orderBy('d.debtor_id')
    .limit(500)
    .execute();

/** Writes the merchant's contract settings (one row per merchant). */
export const upsertSettings = (
  db: DbOrTrx,
  merchantCode: string,
  s: {
    enabledKinds: readonly ContractKind[];
    capBp: Record<ContractKind, number>;
    capFixed: number;
    activeMemberMinBet: number;
  },
  now: Date,
) => {
  const row = {
    enabled_kinds: sql<ContractKind[]>`string_to_array(${s.enabledKinds.join(',')}, ',')::text[]`,
    cap_dividend_bp: s.capBp.DIVIDEND,
    cap_daily_bp: s.capBp.DAILY,
    cap_hourly_bp: s.capBp.HOURLY,
    cap_realtime_bp: s.capBp.REALTIME,
    cap_fixed: s.capFixed,
    active_member_min_bet: s.activeMemberMinBet,
    updated_at: now,
  };
  return db
    .insertInto('agent_contract_settings')
    .values({ merchant_code: merchantCode, ...row })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet(row))
    .execute();
};

/** What the member was paid as a contract's downline, settlement by settlement, in [from, to). */
export const paidToDownline = (db: DbOrTrx, memberId: number, from: Date, to: Date) =>
  db
    .selectFrom('agent_contract_settlement as s')
    .innerJoin('agent_contract as c', 'c.id', 's.contract_id')
    .select(['c.kind', 's.paid', 's.created_at'])
    .where('c.downline_id', '=', memberId)
    .where('s.paid', '>', 0)
    .where('s.created_at', '>=', from)
    .where('s.created_at', '<', to)
    .execute();
