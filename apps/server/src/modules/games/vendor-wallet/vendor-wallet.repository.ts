import { sql } from 'kysely';
import type { Db } from '../../../database.ts';

/*
 * The vendor wallet's one-statement debit and credit (migration 202611251020-games-vendor-call-
 * functions): the ordinary case of a call (a fresh transaction id on an open round, the money there)
 * in one round trip, its own transaction. Only vendor-wallet.service.ts calls these; what they cannot
 * decide alone they hand back to its step-by-step path, having written nothing.
 */

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
export const VENDOR_FALLBACK_SQLSTATE = 'BV001';

const isFallback = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === VENDOR_FALLBACK_SQLSTATE;

async function run(query: Promise<{ rows: CallRow[] }>): Promise<AppliedVendorCall> {
  let row: CallRow | undefined;
  try {
    [row] = (await query).rows;
  } catch (err) {
    if (isFallback(err)) return { outcome: 'fallback' };
    throw err;
  }
  if (row?.outcome === 'ok' && row.balance !== null) return { outcome: 'ok', balance: Number(row.balance) };
  // 'claimed': the id was taken before (a retry or a conflict); the stored row decides.
  return { outcome: 'fallback' };
}

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
): Promise<AppliedVendorCall> =>
  run(
    sql<CallRow>`select * from vendor_debit_apply(${c.vendor}, ${c.transactionId}, ${c.memberId}::integer,
      ${c.roundId}, ${c.amount}::bigint, ${c.hash}, ${c.at}::timestamptz, ${c.nodeId}, ${c.gameCode},
      ${c.gameType}, ${c.currency}, ${c.walletId}::bigint, ${c.houseId}::bigint, ${c.balanceEvent},
      ${c.recentKeep}::integer)`.execute(db),
  );

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
): Promise<AppliedVendorCall> =>
  run(
    sql<CallRow>`select * from vendor_credit_apply(${c.vendor}, ${c.transactionId}, ${c.memberId}::integer,
      ${c.roundId}, ${c.amount}::bigint, ${c.close}, ${c.hash}, ${c.at}::timestamptz, ${c.account},
      ${c.currency}, ${c.walletId}::bigint, ${c.houseId}::bigint, ${c.balanceEvent},
      ${c.settledEvent})`.execute(db),
  );
