import { CompiledQuery, type Transaction } from 'kysely';
import type { VendorAnswer } from '@banca/contract';
import type { Database, Db, DbOrTrx } from '../../../database.ts';
import { executePreparedWith, markPrepared } from '../../../platform/db/prepared.ts';
import { countLedgerTransfer } from '../../../platform/metrics/process-metrics.ts';
import type { VendorTransactionKind, VendorTransactionRow } from './vendor-wallet.table.ts';

/*
 * The vendor wallet's SQL. The transaction rows (vendor_transaction: one per (vendor, transaction id),
 * the idempotency point, with its first answer), and the one-statement debit and credit
 * (../sql/vendor_debit_apply.sql, vendor_credit_apply.sql): the ordinary case of a call (a fresh
 * transaction id on an open round, the money there) in one round trip, its own transaction. Only
 * vendor-wallet.fast-path.ts calls those; what they cannot decide alone they hand back to the
 * step-by-step path (vendor-wallet.service.ts), having written nothing.
 */

/** Whether the catalogue has the vendor (its vassalage): credentials exist only for those. */
export const catalogueVendorExists = async (trx: DbOrTrx, vendor: string): Promise<boolean> =>
  (await trx
    .selectFrom('game_vendor')
    .select('vassalage')
    .where('vassalage', '=', vendor)
    .executeTakeFirst()) !== undefined;

/** Claims a transaction id; false when it was claimed before (the stored row then decides). */
export async function claimTransaction(
  trx: Transaction<Database>,
  row: {
    vendor: string;
    transactionId: string;
    kind: VendorTransactionKind;
    memberId: number;
    roundId: string;
    amount: number;
    refTransactionId?: string;
    hash: string;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('vendor_transaction')
    .values({
      vendor: row.vendor,
      transaction_id: row.transactionId,
      kind: row.kind,
      member_id: row.memberId,
      round_id: row.roundId,
      amount: row.amount,
      ref_transaction_id: row.refTransactionId ?? null,
      request_hash: row.hash,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['vendor', 'transaction_id']).doNothing())
    .returning('transaction_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What a claimed transaction id stored: its kind, request hash, round and first answer (if stored). */
export const findStoredTransaction = (
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
): Promise<Pick<VendorTransactionRow, 'kind' | 'request_hash' | 'round_id' | 'answer'>> =>
  trx
    .selectFrom('vendor_transaction')
    .select(['kind', 'request_hash', 'round_id', 'answer'])
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();

/** A claimed transaction row, locked until the caller's transaction ends (a rollback's debit). */
export const lockTransaction = (
  trx: Transaction<Database>,
  vendor: string,
  transactionId: string,
): Promise<VendorTransactionRow> =>
  trx
    .selectFrom('vendor_transaction')
    .selectAll()
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .forUpdate()
    .executeTakeFirstOrThrow();

/** Stores a transaction's first answer (and, for a rollback, the amount it refunded). */
export async function storeTransactionAnswer(
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
  answer: VendorAnswer,
  amount?: number,
): Promise<void> {
  await trx
    .updateTable('vendor_transaction')
    .set({ answer: JSON.stringify(answer), ...(amount !== undefined ? { amount } : {}) })
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .execute();
}

/** Marks a debit rolled back (its refund is in the same transaction). */
export async function markRolledBack(trx: DbOrTrx, vendor: string, transactionId: string): Promise<void> {
  await trx
    .updateTable('vendor_transaction')
    .set({ rolled_back: true })
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .execute();
}

/** 'ok': applied, the balance after it; 'fallback': nothing written, judge the call step by step. */
export type AppliedVendorCall = { outcome: 'ok'; balance: number } | { outcome: 'fallback' };

interface CallRow {
  outcome: string;
  balance: number | null;
}

/**
 * The SQLSTATE the functions raise (rolling their statement back) when a write showed the call is not
 * ordinary (sql/vendor_debit_apply.sql): its own code, so no other error can pass for it.
 */
const VENDOR_FALLBACK_SQLSTATE = 'BV001';

const isFallback = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === VENDOR_FALLBACK_SQLSTATE;

/** `transferKind`: the ledger transfer an applied call made (none for a credit of 0), for the metrics. */
async function run(
  query: Promise<{ rows: CallRow[] }>,
  transferKind: string | undefined,
): Promise<AppliedVendorCall> {
  let row: CallRow | undefined;
  try {
    [row] = (await query).rows;
  } catch (err) {
    if (isFallback(err)) return { outcome: 'fallback' };
    throw err;
  }
  if (row?.outcome === 'ok' && row.balance !== null) {
    if (transferKind) countLedgerTransfer(transferKind);
    return { outcome: 'ok', balance: Number(row.balance) };
  }
  // 'claimed': the id was taken before (a retry or a conflict); the stored row decides.
  return { outcome: 'fallback' };
}

/**
 * A one-statement call: its text is fixed, so it is written once and each call binds its values only
 * (built and compiled through Kysely on every call, it was most of Kysely's 2.6 % of the gateway's
 * profile samples on the vendor bench). `casts[i]` is the cast of argument i + 1.
 */
const oneStatementCall = (fn: string, casts: readonly string[]): CompiledQuery<CallRow> =>
  markPrepared(
    CompiledQuery.raw(
      `select * from ${fn}(${casts.map((cast, i) => `$${i + 1}${cast}`).join(', ')})`,
      casts.map(() => null),
    ) as CompiledQuery<CallRow>,
  );

/** The arguments both calls begin with, in their order. */
const callHead = (c: {
  vendor: string;
  transactionId: string;
  memberId: number;
  roundId: string;
  amount: number;
}) => [c.vendor, c.transactionId, c.memberId, c.roundId, c.amount];
const HEAD_CASTS = ['', '', '::integer', '', '::bigint'];

const DEBIT_CALL = oneStatementCall('vendor_debit_apply', [
  ...HEAD_CASTS,
  '', // hash
  '::timestamptz',
  '', // node id
  '', // game code
  '', // game type
  '', // currency
  '::bigint', // wallet
  '::bigint', // house
  '', // balance event
  '::integer', // recent games kept
]);

export const applyVendorDebit = (
  db: Db,
  c: {
    vendor: string;
    transactionId: string;
    memberId: number;
    roundId: string;
    amount: number;
    hash: string;
    at: Date;
    nodeId: string;
    gameCode: string;
    gameType: string;
    currency: string;
    walletId: number;
    houseId: number;
    balanceEvent: string;
    recentKeep: number;
  },
): Promise<AppliedVendorCall> => {
  // In DEBIT_CALL's order; the time as ISO text (node-postgres formats a Date slower).
  const parameters = [
    ...callHead(c),
    c.hash,
    c.at.toISOString(),
    c.nodeId,
    c.gameCode,
    c.gameType,
    c.currency,
    c.walletId,
    c.houseId,
    c.balanceEvent,
    c.recentKeep,
  ];
  return run(executePreparedWith(db, DEBIT_CALL, parameters), 'BET');
};

const CREDIT_CALL = oneStatementCall('vendor_credit_apply', [
  ...HEAD_CASTS,
  '', // close
  '', // hash
  '::timestamptz',
  '', // account
  '', // currency
  '::bigint', // wallet
  '::bigint', // house
  '', // balance event
  '', // settled event
]);

export const applyVendorCredit = (
  db: Db,
  c: {
    vendor: string;
    transactionId: string;
    memberId: number;
    roundId: string;
    amount: number;
    close: boolean;
    hash: string;
    at: Date;
    account: string;
    currency: string;
    walletId: number;
    houseId: number;
    balanceEvent: string;
    settledEvent: string;
  },
): Promise<AppliedVendorCall> => {
  // In CREDIT_CALL's order; the time as ISO text.
  const parameters = [
    ...callHead(c),
    c.close,
    c.hash,
    c.at.toISOString(),
    c.account,
    c.currency,
    c.walletId,
    c.houseId,
    c.balanceEvent,
    c.settledEvent,
  ];
  return run(executePreparedWith(db, CREDIT_CALL, parameters), c.amount > 0 ? 'BET_PAYOUT' : undefined);
};
