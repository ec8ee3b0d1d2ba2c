import { createHash } from 'node:crypto';
import {
  MAIN_WALLET_CODE,
  type VendorAnswer,
  type VendorCreditBody,
  type VendorDebitBody,
  type VendorEndRoundBody,
  type VendorErrorCode,
  type VendorRollbackBody,
} from '@banca/contract';
import type { Transaction } from 'kysely';
import type { Database, Db, DbOrTrx } from '../../../database.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import {
  ensureMemberWallet,
  findMemberWalletIds,
  houseAccount,
  findHouseAccountId,
  recordTurnover,
  transfer,
  walletBalanceChanged,
  WALLET_VENDORS,
  WalletError,
  type LedgerAccount,
  type WalletSettingsService,
} from '../../wallet/index.ts';
import { addPayout, addStake, closeRound, findRound, refundStake } from '../records/bet-record.repository.ts';
import { findEnabledGame } from '../catalogue.repository.ts';
import { roundSettled } from '../games.events.ts';
import { recordRecentGame, RECENT_KEEP } from '../member-games.service.ts';
import { findPlayerSession } from './player-session.service.ts';
import { applyVendorCredit, applyVendorDebit } from './vendor-wallet.repository.ts';
import type { BetRecordRow, VendorPlayerSessionRow, VendorTransactionKind } from './vendor-wallet.table.ts';

/*
 * The vendor wallet API's rules (docs/vendor-api.md). Invariants:
 *  1. Every accepted money call is ONE ledger transfer (member wallet <-> the merchant's
 *     VENDOR_CLEARING), keyed `vendor:<vendor>:<transactionId>` (refunds: `vendor:<vendor>:refund:
 *     <debit id>`), in the same database transaction as its vendor_transaction row and its round's
 *     bet_record change; so a round's payout - stake always equals its net ledger movement.
 *  2. (vendor, transaction id) names one call forever: the first accepted call's answer is stored and
 *     every retry gets it back; the same id with other parameters is transaction_conflict.
 *  3. The row of a transaction id is claimed first (INSERT ... ON CONFLICT DO NOTHING), so two calls
 *     on one id serialise on the unique index. A rollback claims the debit's id too (a VOID row) when
 *     the debit is unknown: a debit arriving later (or at the same moment) finds it and is refused.
 *  4. A refusal writes nothing (its transaction rolls back): a retry of a refused call is judged again.
 *  5. Locks are taken in one order everywhere: transaction row, round row, member state (turnover),
 *     ledger accounts. No two calls wait on each other in a cycle.
 * Speed: the ordinary debit and credit (a fresh id on an open round, the money there, the wallet
 * known) run as one statement, the database functions vendor_debit_apply / vendor_credit_apply
 * (migration 202611251020), which make the same writes as the steps below in the same order. What is
 * not ordinary they leave unwritten and hand back ('fallback'), and the steps below judge it: the
 * rules and refusals live here only.
 */

export class VendorWalletError extends Error {
  constructor(
    readonly code: VendorErrorCode,
    readonly extra: { balance?: number; currency?: string } = {},
  ) {
    super(code);
  }
}

export interface VendorWalletDeps {
  db: Db;
  settings: Pick<WalletSettingsService, 'get'>;
  clock?: () => Date;
  /** Per-node caches of immutable rows (newVendorWalletCache); none: every call reads. */
  cache?: VendorWalletCache;
}

/**
 * What a node may keep between calls: player session rows (never updated, so only their lifetime in
 * the cache matters: expiry is checked on every call) and the catalogue's game rows (a game disabled
 * in the catalogue stops taking debits within GAME_CACHE_MS). Misses are not cached.
 */
export interface VendorWalletCache {
  sessions: Map<string, { at: number; row: VendorPlayerSessionRow }>;
  games: Map<string, { at: number; vassalage: string; gameType: string }>;
}
const SESSION_CACHE_MS = 60_000;
const GAME_CACHE_MS = 10_000;
const CACHE_MAX = 10_000;
export const newVendorWalletCache = (): VendorWalletCache => ({ sessions: new Map(), games: new Map() });

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= CACHE_MAX) map.clear();
  map.set(key, value);
}

async function gameOf(
  deps: VendorWalletDeps,
  nodeId: string,
): Promise<{ vassalage: string; gameType: string } | undefined> {
  const t = Date.now();
  const hit = deps.cache?.games.get(nodeId);
  if (hit && t - hit.at < GAME_CACHE_MS) return hit;
  const game = await findEnabledGame(deps.db, nodeId);
  if (!game) return undefined;
  const found = { at: t, vassalage: game.vassalage, gameType: game.game_type };
  if (deps.cache) remember(deps.cache.games, nodeId, found);
  return found;
}

interface Call {
  vendor: string;
}

const requestHash = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

const ledgerKey = (vendor: string, transactionId: string) => `vendor:${vendor}:${transactionId}`;
const refundKey = (vendor: string, debitId: string) => `vendor:${vendor}:refund:${debitId}`;

const now = (deps: VendorWalletDeps) => (deps.clock ? deps.clock() : new Date());

/** The player session behind the token, for this vendor; `live` refuses an expired one. */
async function sessionOf(
  deps: VendorWalletDeps,
  call: Call,
  token: string,
  live: boolean,
): Promise<VendorPlayerSessionRow> {
  const t = Date.now();
  const hit = deps.cache?.sessions.get(token);
  let session = hit && t - hit.at < SESSION_CACHE_MS ? hit.row : undefined;
  if (!session) {
    session = await findPlayerSession(deps.db, token);
    if (session && deps.cache) remember(deps.cache.sessions, token, { at: t, row: session });
  }
  if (!session || session.vendor !== call.vendor) throw new VendorWalletError('session_invalid');
  if (live && new Date(session.expires_at).getTime() <= now(deps).getTime()) {
    throw new VendorWalletError('session_expired');
  }
  return session;
}

/**
 * Which of the member's wallets the vendor plays on: the vendor's own in transfer wallet mode, else
 * main. Read before any transaction (PGlite has one session: a read outside an open transaction
 * would wait for it).
 */
async function walletCodeOf(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
): Promise<string | undefined> {
  const { walletMode } = await deps.settings.get(session.merchant_code);
  return walletMode === 'transfer' && (WALLET_VENDORS as readonly string[]).includes(session.vendor)
    ? session.vendor
    : undefined;
}

const walletIn = (
  trx: DbOrTrx,
  session: VendorPlayerSessionRow,
  code: string | undefined,
): Promise<LedgerAccount> =>
  ensureMemberWallet(trx, session.member_id, session.merchant_code, session.currency, code);

const ok = (
  session: VendorPlayerSessionRow,
  balance: number,
  ids: Partial<VendorAnswer> = {},
): VendorAnswer => ({
  status: 'OK',
  balance,
  currency: session.currency,
  ...ids,
});

/** Claims a transaction id; false when it was claimed before (the stored row then decides). */
async function claim(
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

/** The first answer of a transaction id claimed before, or why this call cannot have it. */
async function replay(
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
  kind: VendorTransactionKind,
  hash: string,
): Promise<VendorAnswer> {
  const stored = await trx
    .selectFrom('vendor_transaction')
    .select(['kind', 'request_hash', 'answer'])
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  if (stored.kind === 'VOID') {
    throw new VendorWalletError(kind === 'DEBIT' ? 'transaction_rolled_back' : 'transaction_conflict');
  }
  if (stored.kind !== kind || stored.request_hash !== hash || !stored.answer) {
    throw new VendorWalletError('transaction_conflict');
  }
  return stored.answer as VendorAnswer;
}

async function storeAnswer(
  trx: DbOrTrx,
  vendor: string,
  transactionId: string,
  answer: VendorAnswer,
  amount?: number,
): Promise<VendorAnswer> {
  await trx
    .updateTable('vendor_transaction')
    .set({ answer: JSON.stringify(answer), ...(amount !== undefined ? { amount } : {}) })
    .where('vendor', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .execute();
  return answer;
}

/** Why a round statement touched nothing: unknown, another player's, or closed. */
async function roundRefusal(trx: DbOrTrx, vendor: string, roundId: string, memberId: number): Promise<never> {
  const round = await findRound(trx, vendor, roundId);
  if (!round) throw new VendorWalletError('round_not_found');
  if (round.member_id !== memberId) throw new VendorWalletError('round_conflict');
  throw new VendorWalletError('round_closed');
}

/** A round just settled: the domain event (winner board, later rollups) and the turnover it counts. */
async function settled(trx: DbOrTrx, round: BetRecordRow, session: VendorPlayerSessionRow): Promise<void> {
  await recordEvent(
    trx,
    roundSettled,
    {
      roundId: `${round.vendor}:${round.round_id}`,
      memberId: round.member_id,
      account: session.account,
      nodeId: round.node_id,
      gameType: round.game_type,
      currency: round.currency,
      stake: round.stake,
      payout: round.payout,
      settledAt: new Date(round.settled_at ?? round.updated_at).toISOString(),
    },
    { key: round.member_id },
  );
}

/**
 * The wallet the vendor plays on and a house bucket, for the one-statement calls: both ids come from
 * per-node caches (ids never change), so usually no round trip. Undefined while either does not exist
 * yet: the step-by-step path creates it in the call's transaction (a refused call creates nothing).
 */
async function knownAccounts(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
): Promise<{ walletId: number; houseId: number } | undefined> {
  const code = (await walletCodeOf(deps, session)) ?? MAIN_WALLET_CODE;
  const [walletId] = await findMemberWalletIds(deps.db, session.member_id, session.currency, [code]);
  if (walletId === undefined) return undefined;
  const houseId = await findHouseAccountId(
    deps.db,
    session.merchant_code,
    'VENDOR_CLEARING',
    session.currency,
  );
  return houseId === undefined ? undefined : { walletId, houseId };
}

/** Runs a money call; an insufficient-funds refusal answers with the balance read after it. */
async function moneyCall(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
  fn: (trx: Transaction<Database>, walletCode: string | undefined) => Promise<VendorAnswer>,
): Promise<VendorAnswer> {
  const code = await walletCodeOf(deps, session);
  try {
    return await inTransaction(deps.db, (trx) => fn(trx, code));
  } catch (err) {
    if (err instanceof WalletError && err.code === 'insufficient_funds') {
      const wallet = await walletIn(deps.db, session, code);
      throw new VendorWalletError('insufficient_funds', {
        balance: wallet.balance,
        currency: session.currency,
      });
    }
    throw err;
  }
}

export async function vendorBalance(
  deps: VendorWalletDeps,
  call: Call,
  body: { playerSession: string },
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, true);
  const wallet = await walletIn(deps.db, session, await walletCodeOf(deps, session));
  return ok(session, wallet.balance);
}

export async function vendorDebit(
  deps: VendorWalletDeps,
  call: Call,
  body: VendorDebitBody,
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, true);
  const nodeId = `${call.vendor}-${body.gameCode}`;
  const game = await gameOf(deps, nodeId);
  if (!game || game.vassalage !== call.vendor) throw new VendorWalletError('game_not_found');
  const hash = requestHash(['DEBIT', session.member_id, body.roundId, body.gameCode, body.amount]);
  const at = now(deps);
  const ids = { transactionId: body.transactionId, roundId: body.roundId };
  const accounts = await knownAccounts(deps, session);
  if (accounts) {
    const applied = await applyVendorDebit(deps.db, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      memberId: session.member_id,
      roundId: body.roundId,
      amount: body.amount,
      hash,
      at,
      nodeId,
      gameCode: body.gameCode,
      gameType: game.gameType,
      currency: session.currency,
      ...accounts,
      balanceEvent: walletBalanceChanged.name,
      recentKeep: RECENT_KEEP,
    });
    if (applied.outcome === 'ok') return ok(session, applied.balance, ids);
  }
  return moneyCall(deps, session, async (trx, code) => {
    const claimed = await claim(trx, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      kind: 'DEBIT',
      memberId: session.member_id,
      roundId: body.roundId,
      amount: body.amount,
      hash,
      at,
    });
    if (!claimed) return replay(trx, call.vendor, body.transactionId, 'DEBIT', hash);
    const round = await addStake(trx, {
      vendor: call.vendor,
      roundId: body.roundId,
      memberId: session.member_id,
      nodeId,
      gameCode: body.gameCode,
      gameType: game.gameType,
      currency: session.currency,
      amount: body.amount,
      now: at,
    });
    if (!round) return roundRefusal(trx, call.vendor, body.roundId, session.member_id);
    if (round.currency !== session.currency) throw new VendorWalletError('round_conflict');
    const wallet = await walletIn(trx, session, code);
    const house = await houseAccount(trx, session.merchant_code, 'VENDOR_CLEARING', session.currency);
    const moved = await transfer(trx, {
      idempotencyKey: ledgerKey(call.vendor, body.transactionId),
      debitAccountId: wallet.id,
      creditAccountId: house.id,
      amount: body.amount,
      kind: 'BET',
      reference: `round:${call.vendor}:${body.roundId}`,
    });
    if (round.inserted) await recordRecentGame(trx, session.member_id, nodeId, at);
    const answer = ok(session, moved.debitBalanceAfter ?? wallet.balance - body.amount, {
      transactionId: body.transactionId,
      roundId: body.roundId,
    });
    return storeAnswer(trx, call.vendor, body.transactionId, answer);
  });
}

export async function vendorCredit(
  deps: VendorWalletDeps,
  call: Call,
  body: VendorCreditBody,
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, false);
  const close = body.closeRound === true;
  const hash = requestHash(['CREDIT', session.member_id, body.roundId, body.amount, close]);
  const at = now(deps);
  const accounts = await knownAccounts(deps, session);
  if (accounts) {
    const applied = await applyVendorCredit(deps.db, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      memberId: session.member_id,
      roundId: body.roundId,
      amount: body.amount,
      close,
      hash,
      at,
      account: session.account,
      currency: session.currency,
      ...accounts,
      balanceEvent: walletBalanceChanged.name,
      settledEvent: roundSettled.name,
    });
    if (applied.outcome === 'ok') {
      return ok(session, applied.balance, { transactionId: body.transactionId, roundId: body.roundId });
    }
  }
  return moneyCall(deps, session, async (trx, code) => {
    const claimed = await claim(trx, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      kind: 'CREDIT',
      memberId: session.member_id,
      roundId: body.roundId,
      amount: body.amount,
      hash,
      at,
    });
    if (!claimed) return replay(trx, call.vendor, body.transactionId, 'CREDIT', hash);
    const round = await addPayout(trx, {
      vendor: call.vendor,
      roundId: body.roundId,
      memberId: session.member_id,
      amount: body.amount,
      close,
      now: at,
    });
    if (!round) return roundRefusal(trx, call.vendor, body.roundId, session.member_id);
    // The member's turnover row before the ledger rows (invariant 5).
    if (close && round.stake > 0) await recordTurnover(trx, session.member_id, round.stake);
    const wallet = await walletIn(trx, session, code);
    let balance = wallet.balance;
    if (body.amount > 0) {
      const house = await houseAccount(trx, session.merchant_code, 'VENDOR_CLEARING', session.currency);
      const moved = await transfer(trx, {
        idempotencyKey: ledgerKey(call.vendor, body.transactionId),
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: body.amount,
        kind: 'BET_PAYOUT',
        reference: `round:${call.vendor}:${body.roundId}`,
      });
      balance = moved.creditBalanceAfter ?? wallet.balance + body.amount;
    }
    if (close) await settled(trx, round, session);
    const answer = ok(session, balance, { transactionId: body.transactionId, roundId: body.roundId });
    return storeAnswer(trx, call.vendor, body.transactionId, answer);
  });
}

export async function vendorRollback(
  deps: VendorWalletDeps,
  call: Call,
  body: VendorRollbackBody,
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, false);
  const hash = requestHash(['ROLLBACK', session.member_id, body.roundId, body.refTransactionId]);
  const at = now(deps);
  return moneyCall(deps, session, async (trx, code) => {
    const ids = { transactionId: body.transactionId, roundId: body.roundId };
    const claimed = await claim(trx, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      kind: 'ROLLBACK',
      memberId: session.member_id,
      roundId: body.roundId,
      amount: 0,
      refTransactionId: body.refTransactionId,
      hash,
      at,
    });
    if (!claimed) return replay(trx, call.vendor, body.transactionId, 'ROLLBACK', hash);
    if (body.refTransactionId === body.transactionId) throw new VendorWalletError('not_a_debit');
    // Claim the debit's id: an unknown debit is remembered as VOID, so it is refused if it comes.
    const remembered = await claim(trx, {
      vendor: call.vendor,
      transactionId: body.refTransactionId,
      kind: 'VOID',
      memberId: session.member_id,
      roundId: body.roundId,
      amount: 0,
      hash: 'VOID',
      at,
    });
    const balanceNow = async () => (await walletIn(trx, session, code)).balance;
    if (remembered) {
      return storeAnswer(trx, call.vendor, body.transactionId, ok(session, await balanceNow(), ids));
    }
    const debit = await trx
      .selectFrom('vendor_transaction')
      .selectAll()
      .where('vendor', '=', call.vendor)
      .where('transaction_id', '=', body.refTransactionId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (debit.kind === 'VOID' || (debit.kind === 'DEBIT' && debit.rolled_back)) {
      if (debit.member_id !== session.member_id) throw new VendorWalletError('round_conflict');
      return storeAnswer(trx, call.vendor, body.transactionId, ok(session, await balanceNow(), ids));
    }
    if (debit.kind !== 'DEBIT') throw new VendorWalletError('not_a_debit');
    if (debit.member_id !== session.member_id) throw new VendorWalletError('round_conflict');
    const round = await refundStake(trx, {
      vendor: call.vendor,
      roundId: debit.round_id,
      amount: debit.amount,
      now: at,
    });
    if (!round) return roundRefusal(trx, call.vendor, debit.round_id, session.member_id);
    await trx
      .updateTable('vendor_transaction')
      .set({ rolled_back: true })
      .where('vendor', '=', call.vendor)
      .where('transaction_id', '=', body.refTransactionId)
      .execute();
    const wallet = await walletIn(trx, session, code);
    const house = await houseAccount(trx, session.merchant_code, 'VENDOR_CLEARING', session.currency);
    const moved = await transfer(trx, {
      idempotencyKey: refundKey(call.vendor, body.refTransactionId),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: debit.amount,
      kind: 'BET_REFUND',
      reference: `round:${call.vendor}:${debit.round_id}`,
    });
    const answer = ok(session, moved.creditBalanceAfter ?? wallet.balance + debit.amount, {
      transactionId: body.transactionId,
      roundId: debit.round_id,
    });
    return storeAnswer(trx, call.vendor, body.transactionId, answer, debit.amount);
  });
}

export async function vendorEndRound(
  deps: VendorWalletDeps,
  call: Call,
  body: VendorEndRoundBody,
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, false);
  const at = now(deps);
  const code = await walletCodeOf(deps, session);
  return inTransaction(deps.db, async (trx) => {
    const round = await closeRound(trx, {
      vendor: call.vendor,
      roundId: body.roundId,
      memberId: session.member_id,
      now: at,
    });
    if (round) {
      if (round.stake > 0) await recordTurnover(trx, session.member_id, round.stake);
      await settled(trx, round, session);
    } else {
      const existing = await findRound(trx, call.vendor, body.roundId);
      if (!existing) throw new VendorWalletError('round_not_found');
      if (existing.member_id !== session.member_id) throw new VendorWalletError('round_conflict');
      // Closed already (settled or cancelled): ending it again is a harmless retry.
    }
    const wallet = await walletIn(trx, session, code);
    return ok(session, wallet.balance, { roundId: body.roundId });
  });
}
