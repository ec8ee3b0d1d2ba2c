import type {
  VendorAnswer,
  VendorCreditBody,
  VendorDebitBody,
  VendorEndRoundBody,
  VendorRollbackBody,
} from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import { houseAccount, recordTurnover, transfer } from '../../wallet/index.ts';
import { roundSettled } from '../games.events.ts';
import { recordRecentGame } from '../lobby/member-games.service.ts';
import { addPayout, addStake, closeRound, findRound, refundStake } from '../records/bet-record.repository.ts';
import { replay, roundRefusal, storeAnswer } from './vendor-wallet.answers.ts';
import {
  clearingKind,
  gameOf,
  ledgerKey,
  moneyCall,
  now,
  ok,
  refundKey,
  requestHash,
  requireMayPlay,
  roundReference,
  sessionOf,
  walletCodeOf,
  walletIn,
  VendorWalletError,
  type Call,
  type VendorWalletDeps,
} from './vendor-wallet.context.ts';
import { fastCredit, fastDebit } from './vendor-wallet.fast-path.ts';
import { claimTransaction, lockTransaction, markRolledBack } from './vendor-wallet.repository.ts';
import type { BetRecordRow, VendorPlayerSessionRow } from './vendor-wallet.table.ts';

/*
 * The vendor wallet API's rules (docs/vendor-api.md). Invariants:
 *  1. Every accepted money call is ONE ledger transfer (member wallet <-> the merchant's
 *     VENDOR_CLEARING, or HOUSE_PLAY for a play-money session: clearingKind), keyed `vendor:<vendor>:<transactionId>` (refunds: `vendor:<vendor>:refund:
 *     <debit id>`), in the same database transaction as its vendor_transaction row and its round's
 *     bet_record change; so a round's payout - stake always equals its net ledger movement.
 *  2. (vendor, transaction id) names one call forever: every retry gets the first accepted call's
 *     answer back; the same id with other parameters is transaction_conflict. A debit's or credit's
 *     answer is its ledger transfer's (the balance after it), read again on a retry, so only the
 *     answers no transfer of the call holds are stored: a zero credit's, a rollback's.
 *  3. The row of a transaction id is claimed first (INSERT ... ON CONFLICT DO NOTHING), so two calls
 *     on one id serialise on the unique index. A rollback claims the debit's id too (a VOID row) when
 *     the debit is unknown: a debit arriving later (or at the same moment) finds it and is refused.
 *  4. A refusal writes nothing (its transaction rolls back): a retry of a refused call is judged again.
 *  5. Locks are taken in one order everywhere: transaction row, round row, member state (turnover),
 *     ledger accounts. No two calls wait on each other in a cycle.
 * Speed: the ordinary debit and credit (a fresh id on an open round, the money there, the wallet
 * known) run as one statement (vendor-wallet.fast-path.ts, the database functions in ../sql/), which
 * makes the same writes as the steps below in the same order. What is not ordinary it leaves
 * unwritten, and the steps below judge it: the rules and refusals live here only.
 * Around them: vendor-wallet.context.ts (session, game, wallet, caches, answer shape) and
 * vendor-wallet.answers.ts (stored answers, replays, round refusals).
 */

/** A round just settled: the domain event (winner board, later rollups). */
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

export async function vendorBalance(
  deps: VendorWalletDeps,
  call: Call,
  body: { playerSession: string },
): Promise<VendorAnswer> {
  const session = await sessionOf(deps, call, body.playerSession, true);
  await requireMayPlay(deps, session);
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
  const found = await gameOf(deps, nodeId);
  const game = found?.vassalage === call.vendor ? found : undefined;
  const hash = requestHash(['DEBIT', session.member_id, body.roundId, body.gameCode, body.amount]);
  const at = now(deps);
  // The ordinary debit reads the member's status in its own statement; any other call reads it here,
  // before anything else is refused (a locked player hears player_locked whatever else is wrong).
  const fast =
    game &&
    (await fastDebit(deps, session, {
      vendor: call.vendor,
      transactionId: body.transactionId,
      roundId: body.roundId,
      amount: body.amount,
      hash,
      at,
      nodeId,
      gameCode: body.gameCode,
      gameType: game.gameType,
    }));
  if (fast) return fast;
  await requireMayPlay(deps, session);
  if (!game) throw new VendorWalletError('game_not_found');
  return moneyCall(deps, session, async (trx, code) => {
    const claimed = await claimTransaction(trx, {
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
    const house = await houseAccount(trx, session.merchant_code, clearingKind(session), session.currency);
    const moved = await transfer(trx, {
      idempotencyKey: ledgerKey(call.vendor, body.transactionId),
      debitAccountId: wallet.id,
      creditAccountId: house.id,
      amount: body.amount,
      kind: 'BET',
      reference: roundReference(call.vendor, body.roundId),
    });
    if (round.inserted) await recordRecentGame(trx, session.member_id, nodeId, at);
    return ok(session, moved.debitBalanceAfter ?? wallet.balance - body.amount, {
      transactionId: body.transactionId,
      roundId: body.roundId,
    });
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
  const fast = await fastCredit(deps, session, {
    vendor: call.vendor,
    transactionId: body.transactionId,
    roundId: body.roundId,
    amount: body.amount,
    close,
    hash,
    at,
  });
  if (fast) return fast;
  return moneyCall(deps, session, async (trx, code) => {
    const claimed = await claimTransaction(trx, {
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
      const house = await houseAccount(trx, session.merchant_code, clearingKind(session), session.currency);
      const moved = await transfer(trx, {
        idempotencyKey: ledgerKey(call.vendor, body.transactionId),
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: body.amount,
        kind: 'BET_PAYOUT',
        reference: roundReference(call.vendor, body.roundId),
      });
      balance = moved.creditBalanceAfter ?? wallet.balance + body.amount;
    }
    if (close) await settled(trx, round, session);
    const answer = ok(session, balance, { transactionId: body.transactionId, roundId: body.roundId });
    // A payout's answer is its transfer's (invariant 2); a zero credit's is stored.
    return body.amount > 0 ? answer : storeAnswer(trx, call.vendor, body.transactionId, answer);
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
    const claimed = await claimTransaction(trx, {
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
    const remembered = await claimTransaction(trx, {
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
    const debit = await lockTransaction(trx, call.vendor, body.refTransactionId);
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
    await markRolledBack(trx, call.vendor, body.refTransactionId);
    const wallet = await walletIn(trx, session, code);
    const house = await houseAccount(trx, session.merchant_code, clearingKind(session), session.currency);
    const moved = await transfer(trx, {
      idempotencyKey: refundKey(call.vendor, body.refTransactionId),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: debit.amount,
      kind: 'BET_REFUND',
      reference: roundReference(call.vendor, debit.round_id),
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
