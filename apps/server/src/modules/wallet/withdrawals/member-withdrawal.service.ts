import {
  PROOF_MAX_BYTES,
  type ConfirmWithdrawalBody,
  type RequestWithdrawalBody,
  type Withdrawal,
  type WithdrawalList,
  type WithdrawOverview,
} from '@banca/contract';
import { AppError } from '../../../platform/http/app-error.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { findMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { lockMemberState } from '../member-state/member-state.repository.ts';
import { turnoverRemaining } from '../member-state/turnover.service.ts';
import { payoutKeyView } from '../money-settings/money-settings.service.ts';
import { findPayoutKey } from '../money-settings/money-settings.repository.ts';
import { checkPaymentPassword, paymentPasswordSet } from '../money-settings/payment-password.service.ts';
import { startOfDay } from '../wallet-day.ts';
import { WalletError } from '../wallet.errors.ts';
import type { WithdrawDeps } from './withdrawal.deps.ts';
import { WithdrawError } from './withdrawal.errors.ts';
import {
  autoConfirm,
  findWithdrawal,
  findWithdrawalByRequest,
  insertProof,
  insertWithdrawal,
  listWithdrawals,
  merchantsWithPaid,
  updateWithdrawal,
  usedSince,
} from './withdrawal.repository.ts';
import { toWithdrawal } from './withdrawal.views.ts';

/*
 * The member's side of withdrawals (the states are in withdrawal.deps.ts): the overview, the request
 * and its hold, the member's list, and the confirmation (received, or not with a proof image), which
 * the timeout gives when the member does not.
 */

/** GET /wps/v2/wallets/withdraw/overview */
export async function getWithdrawOverview(deps: WithdrawDeps, auth: RouteAuth): Promise<WithdrawOverview> {
  const [{ currency }, settings, passwordSet, key, remaining] = await Promise.all([
    deps.merchantCurrency(auth.merchantCode),
    deps.settings.get(auth.merchantCode),
    paymentPasswordSet(deps.db, auth.memberId),
    findPayoutKey(deps.db, auth.memberId),
    turnoverRemaining(deps.db, auth.memberId),
  ]);
  const [wallet, used] = await Promise.all([
    findMemberWallet(deps.db, auth.memberId, currency),
    usedSince(deps.db, auth.memberId, startOfDay(deps.clock(), settings.timeZone)),
  ]);
  const w = settings.withdraw;
  return {
    currency,
    balance: wallet?.balance ?? 0,
    min: w.min,
    max: w.max,
    dailyCount: w.dailyCount,
    dailyAmount: w.dailyAmount,
    usedTodayCount: used.count,
    usedTodayAmount: used.amount,
    turnoverRemaining: remaining,
    payoutTargetMinutes: w.payoutTargetMinutes,
    paymentPasswordSet: passwordSet,
    payoutKey: key ? payoutKeyView(key) : null,
  };
}

/**
 * POST /wps/v2/wallets/withdrawals. Checks the amount against the merchant's limits, the payment
 * password (counted), then, under the member's state lock: a replay of the same requestId answers the
 * first withdrawal; a bound key, no turnover left, the daily count and amount; then the withdrawal row
 * and the hold (member -> WITHDRAWALS_PENDING) commit together, or neither does.
 */
export async function requestWithdrawal(
  deps: WithdrawDeps,
  auth: RouteAuth,
  body: RequestWithdrawalBody,
): Promise<Withdrawal> {
  const { withdraw: settings, timeZone } = await deps.settings.get(auth.merchantCode);
  if (body.amount < settings.min || body.amount > settings.max)
    throw new WithdrawError('withdraw_amount_out_of_range', { min: settings.min, max: settings.max });
  const { currency } = await deps.merchantCurrency(auth.merchantCode);
  await checkPaymentPassword(deps, auth, body.paymentPassword);

  const row = await deps.db.transaction().execute(async (trx) => {
    const state = await lockMemberState(trx, auth.memberId);
    const earlier = await findWithdrawalByRequest(trx, auth.memberId, body.requestId);
    if (earlier) {
      if (earlier.amount !== body.amount) throw new AppError('conflict');
      return earlier;
    }
    const key = await findPayoutKey(trx, auth.memberId);
    if (!key) throw new WithdrawError('payout_key_not_set');
    if (state.turnover_remaining > 0)
      throw new WithdrawError('turnover_not_met', { remaining: state.turnover_remaining });
    const now = deps.clock();
    // "Daily": since 00:00 of today in the merchant's time zone (UTC unless its settings name one).
    const used = await usedSince(trx, auth.memberId, startOfDay(now, timeZone));
    if (used.count + 1 > settings.dailyCount || used.amount + body.amount > settings.dailyAmount) {
      throw new WithdrawError('withdraw_daily_limit', {
        dailyCount: settings.dailyCount,
        dailyAmount: settings.dailyAmount,
        usedTodayCount: used.count,
        usedTodayAmount: used.amount,
      });
    }
    const wallet = await findMemberWallet(trx, auth.memberId, currency);
    if (!wallet) throw new WalletError('insufficient_funds');
    const created = await insertWithdrawal(trx, {
      merchant_code: auth.merchantCode,
      member_id: auth.memberId,
      request_id: body.requestId,
      currency,
      amount: body.amount,
      status: 'REQUESTED',
      key_type: key.key_type,
      key_value: key.key_value,
      payee_name: key.payee_name,
      payout_target_minutes: settings.payoutTargetMinutes,
      requested_at: now,
    });
    const pending = await houseAccount(trx, auth.merchantCode, 'WITHDRAWALS_PENDING', currency);
    // insufficient_funds here (a debit racing outside this lock) rolls the row back with it.
    await transfer(trx, {
      idempotencyKey: `withdrawal:hold:${created.id}`,
      debitAccountId: wallet.id,
      creditAccountId: pending.id,
      amount: body.amount,
      kind: 'WITHDRAWAL_HOLD',
      reference: `withdrawal:${created.id}`,
    });
    return created;
  });
  return toWithdrawal(row);
}

/** GET /wps/v2/wallets/withdrawals */
export async function listMemberWithdrawals(
  deps: Pick<WithdrawDeps, 'db'>,
  auth: RouteAuth,
  query: { before?: number; limit: number },
): Promise<WithdrawalList> {
  const rows = await listWithdrawals(deps.db, { memberId: auth.memberId, ...query });
  const page = rows.slice(0, query.limit);
  return { items: page.map(toWithdrawal), next: rows.length > query.limit ? page.at(-1)!.id : null };
}

/** GET /wps/v2/wallets/withdrawals/:id: another member's id answers not_found, like a missing one. */
export async function getMemberWithdrawal(
  deps: Pick<WithdrawDeps, 'db'>,
  auth: RouteAuth,
  id: number,
): Promise<Withdrawal> {
  const row = await findWithdrawal(deps.db, id, { memberId: auth.memberId });
  if (!row) throw new AppError('not_found');
  return toWithdrawal(row);
}

/**
 * POST /wps/v2/wallets/withdrawals/:id/cancel: the member takes back a withdrawal no one has decided
 * yet. Under the withdrawal's row lock: REQUESTED becomes CANCELLED and the hold returns to the member
 * (WITHDRAWALS_PENDING -> member) in the same transaction, under the key a rejection would use, so the
 * money comes back once whichever wins the lock. A repeat on a cancelled withdrawal answers it as it is
 * (nothing moves); once an operator approved or rejected it, or the payout rail has it, 409
 * withdrawal_not_cancellable; another member's id is not_found.
 */
export async function cancelWithdrawal(
  deps: Pick<WithdrawDeps, 'db' | 'clock'>,
  auth: RouteAuth,
  id: number,
): Promise<Withdrawal> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findWithdrawal(trx, id, { memberId: auth.memberId, lock: true });
    if (!current) throw new AppError('not_found');
    if (current.status === 'CANCELLED') return current;
    if (current.status !== 'REQUESTED' || current.provider_ref !== null)
      throw new WithdrawError('withdrawal_not_cancellable', { status: current.status });
    const updated = await updateWithdrawal(trx, id, { status: 'CANCELLED', cancelled_at: deps.clock() });
    const wallet = await findMemberWallet(trx, current.member_id, current.currency);
    if (!wallet) throw new Error(`withdrawal ${current.id}: the member's wallet is gone`);
    const pending = await houseAccount(trx, current.merchant_code, 'WITHDRAWALS_PENDING', current.currency);
    await transfer(trx, {
      idempotencyKey: `withdrawal:return:${current.id}`,
      debitAccountId: pending.id,
      creditAccountId: wallet.id,
      amount: current.amount,
      kind: 'WITHDRAWAL_RETURN',
      reference: `withdrawal:${current.id}`,
    });
    return updated;
  });
  return toWithdrawal(row);
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A proof image from base64 (a data: URL prefix is allowed): png or jpg by its magic bytes, 5 MB at most. */
export function readProof(proof: string): { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  const data = proof.replace(/^data:image\/(png|jpe?g);base64,/, '');
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data))
    throw new WithdrawError('proof_invalid');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > PROOF_MAX_BYTES) throw new WithdrawError('proof_invalid');
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG))
    return { contentType: 'image/png', bytes };
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG))
    return { contentType: 'image/jpeg', bytes };
  throw new WithdrawError('proof_invalid');
}

/** POST /wps/v2/wallets/withdrawals/:id/confirmation: received, or not received with a proof image. */
export async function confirmWithdrawal(
  deps: Pick<WithdrawDeps, 'db' | 'clock'>,
  auth: RouteAuth,
  id: number,
  body: ConfirmWithdrawalBody,
): Promise<Withdrawal> {
  const proof = body.received ? undefined : body.proof ? readProof(body.proof) : undefined;
  if (!body.received && !proof) throw new WithdrawError('proof_invalid');
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findWithdrawal(trx, id, { memberId: auth.memberId, lock: true });
    if (!current) throw new AppError('not_found');
    if (current.status !== 'PAID')
      throw new WithdrawError('withdrawal_state_conflict', { status: current.status });
    const updated = await updateWithdrawal(trx, id, {
      status: body.received ? 'CONFIRMED' : 'DISPUTED',
      confirmation: body.received ? 'RECEIVED' : 'NOT_RECEIVED',
      confirmed_at: deps.clock(),
    });
    if (proof)
      await insertProof(trx, { withdrawal_id: id, content_type: proof.contentType, bytes: proof.bytes });
    return updated;
  });
  return toWithdrawal(row);
}

/** Paid withdrawals not confirmed within the merchant's confirmTimeoutMinutes are treated as received
 *  (spec section 4: "treated as received after a timeout", no refund). */
export async function autoConfirmPaid(
  deps: Pick<WithdrawDeps, 'db' | 'settings'>,
  now: Date,
): Promise<number> {
  let confirmed = 0;
  for (const merchant of await merchantsWithPaid(deps.db)) {
    const { withdraw } = await deps.settings.get(merchant);
    confirmed += await autoConfirm(
      deps.db,
      merchant,
      new Date(now.getTime() - withdraw.confirmTimeoutMinutes * 60_000),
      now,
    );
  }
  return confirmed;
}
