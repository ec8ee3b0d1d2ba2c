import {
  PROOF_MAX_BYTES,
  type ConfirmWithdrawalBody,
  type PayoutFailReason,
  type RequestWithdrawalBody,
  type Withdrawal,
  type WithdrawalList,
  type WithdrawOverview,
} from '@banca/contract';
import type { z } from 'zod';
import type { opsWithdrawalQuerySchema } from '@banca/contract';
import { AppError } from '../../../platform/http/app-error.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { findMemberById } from '../../member/index.ts';
import { findMemberWallet, houseAccount, inTransaction, transfer } from '../ledger/ledger.service.ts';
import {
  checkPaymentPassword,
  payoutKeyView,
  type MoneySettingsDeps,
} from '../money-settings/money-settings.service.ts';
import { PayoutRefusedError, type PayoutProvider } from './payout-provider.ts';
import type { MerchantCurrency } from '../balance/balance.service.ts';
import { WalletError } from '../wallet.errors.ts';
import { WithdrawError } from './withdrawal.errors.ts';
import {
  findPayoutKey,
  findWithdrawal,
  findProof,
  findWithdrawalByRequest,
  hasProof,
  insertProof,
  insertWithdrawal,
  listApprovedUnpaid,
  listWithdrawals,
  lockMemberState,
  updateWithdrawal,
  usedSince,
  autoConfirm,
  merchantsWithPaid,
} from './withdrawal.repository.ts';
import type { WithdrawalRow } from './withdrawal.table.ts';
import { turnoverRemaining } from '../member-state/turnover.service.ts';
import { startOfDay } from '../wallet-day.ts';

/** What withdrawals need: the money settings' deps, the merchant currency and the payout rail. */
export interface WithdrawDeps extends MoneySettingsDeps {
  merchantCurrency(merchantCode: string): Promise<MerchantCurrency>;
  payouts: PayoutProvider;
  /** Writes the audit row of a failed payout; undefined without a back office. */
  audit?: OpsAccess['audit'] | undefined;
}

/*
 * Withdrawals. States: REQUESTED (amount held: member -> WITHDRAWALS_PENDING) -> APPROVED (operator;
 * the payout rail is asked) -> PAID (the rail says paid: WITHDRAWALS_PENDING -> PAYMENT_CLEARING) ->
 * CONFIRMED (member says received, or the timeout treats it as received) | DISPUTED (member says not
 * received, with a proof image; no refund, finance looks into it). REQUESTED -> REJECTED (operator,
 * with a reason: WITHDRAWALS_PENDING -> member). APPROVED -> FAILED (the rail refused or did not pay:
 * WITHDRAWALS_PENDING -> member, the rail's reason kept, audited as the payout rail). Every change is one transaction holding the
 * withdrawal's row lock; a change from any other state is refused (409), so a double approve or a
 * reject racing an approve leaves exactly one decision. Ledger keys name the withdrawal, so a retried
 * step never moves money twice.
 */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  payoutKey: payoutKeyView(row),
  requestedAt: row.requested_at.toISOString(),
  approvedAt: iso(row.approved_at),
  paidAt: iso(row.paid_at),
  confirmedAt: iso(row.confirmed_at),
  rejectedAt: iso(row.rejected_at),
  rejectReason: row.reject_reason,
  failedAt: iso(row.failed_at),
  failReason: row.fail_reason,
  confirmation: row.confirmation,
  payoutTargetMinutes: row.payout_target_minutes,
});

/** GET /wps/v2/wallets/withdraw/overview */
export async function getWithdrawOverview(deps: WithdrawDeps, auth: RouteAuth): Promise<WithdrawOverview> {
  const [{ currency }, settings, member, key, remaining] = await Promise.all([
    deps.merchantCurrency(auth.merchantCode),
    deps.settings.get(auth.merchantCode),
    findMemberById(deps.db, auth.memberId),
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
    paymentPasswordSet: !!member?.payment_password_hash,
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

// ---- the operator's desk ----

export type OpsWithdrawalQuery = z.output<typeof opsWithdrawalQuerySchema>;

const toOps = (row: WithdrawalRow, proof: boolean) => ({
  ...toWithdrawal(row),
  memberId: row.member_id,
  pixKey: row.key_value,
  payeeName: row.payee_name,
  providerRef: row.provider_ref,
  hasProof: proof,
});

/** GET /ops/wallet/withdrawals */
export async function listOpsWithdrawals(
  deps: Pick<WithdrawDeps, 'db'>,
  merchantCode: string,
  q: OpsWithdrawalQuery,
) {
  const rows = (
    await listWithdrawals(deps.db, {
      ...(q.memberId !== undefined ? { memberId: q.memberId } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.from ? { from: new Date(q.from) } : {}),
      ...(q.to ? { to: new Date(q.to) } : {}),
      ...(q.before !== undefined ? { before: q.before } : {}),
      limit: q.limit,
    })
  ).filter((r) => r.merchant_code === merchantCode);
  const page = rows.slice(0, q.limit);
  const proofs = await hasProof(
    deps.db,
    page.map((r) => r.id),
  );
  return {
    items: page.map((r) => toOps(r, proofs.has(r.id))),
    next: rows.length > q.limit ? page.at(-1)!.id : null,
  };
}

async function decide(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: {
    id: number;
    merchantCode: string;
    actor: OperatorActor;
    action: 'approve' | 'reject';
    reason?: string;
  },
): Promise<WithdrawalRow> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findWithdrawal(trx, args.id, { lock: true });
    if (!before || before.merchant_code !== args.merchantCode) throw new AppError('not_found');
    if (before.status !== 'REQUESTED')
      throw new WithdrawError('withdrawal_state_conflict', { status: before.status });
    const now = deps.clock();
    let after: WithdrawalRow;
    if (args.action === 'approve') {
      after = await updateWithdrawal(trx, args.id, {
        status: 'APPROVED',
        approved_at: now,
        decided_by: args.actor.username,
      });
    } else {
      after = await updateWithdrawal(trx, args.id, {
        status: 'REJECTED',
        rejected_at: now,
        reject_reason: args.reason ?? null,
        decided_by: args.actor.username,
      });
      const wallet = await findMemberWallet(trx, before.member_id, before.currency);
      if (!wallet) throw new Error(`withdrawal ${before.id}: the member's wallet is gone`);
      const pending = await houseAccount(trx, before.merchant_code, 'WITHDRAWALS_PENDING', before.currency);
      await transfer(trx, {
        idempotencyKey: `withdrawal:return:${before.id}`,
        debitAccountId: pending.id,
        creditAccountId: wallet.id,
        amount: before.amount,
        kind: 'WITHDRAWAL_RETURN',
        reference: `withdrawal:${before.id}`,
      });
    }
    await ops.audit(trx, {
      actor: args.actor,
      action: `withdrawal.${args.action}`,
      subjectType: 'withdrawal',
      subjectId: String(args.id),
      before: toOps(before, false),
      after: toOps(after, false),
      reason: args.reason ?? null,
    });
    return after;
  });
}

/**
 * GET /ops/wallet/withdrawals/:id/proof: the member's "not received" image, for the finance desk. The
 * view is audited (who looked at which member's image) in the same transaction that reads it; a
 * withdrawal of another merchant, or one without a proof, is not_found.
 */
export async function viewProof(
  deps: Pick<WithdrawDeps, 'db'>,
  ops: Pick<OpsAccess, 'audit'>,
  args: { id: number; merchantCode: string; actor: OperatorActor; requestId?: string },
): Promise<{ contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findWithdrawal(trx, args.id);
    const proof = row && row.merchant_code === args.merchantCode ? await findProof(trx, args.id) : undefined;
    if (!row || !proof) throw new AppError('not_found');
    await ops.audit(trx, {
      actor: args.actor,
      action: 'withdrawal.proof_view',
      subjectType: 'withdrawal',
      subjectId: String(args.id),
      before: null,
      after: { memberId: row.member_id, contentType: proof.content_type, bytes: proof.bytes.length },
      requestId: args.requestId ?? null,
    });
    return { contentType: proof.content_type, bytes: proof.bytes };
  });
}

/** POST /ops/wallet/withdrawals/:id/approve: the decision commits, then the payout rail is asked. */
export async function approveWithdrawal(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: { id: number; merchantCode: string; actor: OperatorActor; note?: string },
) {
  const approved = await decide(deps, ops, {
    ...args,
    action: 'approve',
    ...(args.note ? { reason: args.note } : {}),
  });
  const current = await askPayout({ ...deps, audit: ops.audit }, approved).catch(() => approved);
  return toOps(current, false);
}

/** POST /ops/wallet/withdrawals/:id/reject: the held amount returns to the member in the same transaction. */
export async function rejectWithdrawal(
  deps: WithdrawDeps,
  ops: OpsAccess,
  args: { id: number; merchantCode: string; actor: OperatorActor; reason: string },
) {
  return toOps(await decide(deps, ops, { ...args, action: 'reject' }), false);
}

/** What the payout steps need: the rail, and the audit when a back office exists. */
type PayoutDeps = Pick<WithdrawDeps, 'db' | 'payouts' | 'clock' | 'audit'>;

/** Who the audit names for what the payout rail decided (no operator did it). */
export const PAYOUT_RAIL_ACTOR: OperatorActor = { id: 0, username: 'payout-rail', role: 'finance' };

/** Asks the rail to pay an approved withdrawal (once: the first reference is kept). A refusal by the
 *  rail fails the withdrawal (the money goes back); any other error leaves it for the next sync. */
async function askPayout(deps: PayoutDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  if (row.provider_ref) return row;
  let providerRef: string;
  try {
    ({ providerRef } = await deps.payouts.requestPayout({
      reference: `withdrawal:${row.id}`,
      amount: row.amount,
      currency: row.currency,
      keyType: row.key_type,
      key: row.key_value,
      payeeName: row.payee_name,
    }));
  } catch (err) {
    if (!(err instanceof PayoutRefusedError)) throw err;
    await failPayout(deps, row.id, err.reason);
    return (await findWithdrawal(deps.db, row.id))!;
  }
  const stored = await deps.db
    .updateTable('withdrawal')
    .set({ provider_ref: providerRef })
    .where('id', '=', row.id)
    .where('provider_ref', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return stored ?? (await findWithdrawal(deps.db, row.id))!;
}

/**
 * The rail did not pay an approved withdrawal: APPROVED -> FAILED with the rail's reason, the held
 * amount back to the member (WITHDRAWALS_PENDING -> member, keyed `withdrawal:return:<id>` like a
 * rejection, so the money can come back once whatever path gets there first) and an audit row naming
 * the payout rail, in one transaction under the row lock. Any other state changes nothing. Returns
 * true when this call failed it.
 */
export async function failPayout(deps: PayoutDeps, id: number, reason: PayoutFailReason): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const before = await findWithdrawal(trx, id, { lock: true });
    if (!before || before.status !== 'APPROVED') return false;
    const wallet = await findMemberWallet(trx, before.member_id, before.currency);
    if (!wallet) throw new Error(`withdrawal ${before.id}: the member's wallet is gone`);
    const pending = await houseAccount(trx, before.merchant_code, 'WITHDRAWALS_PENDING', before.currency);
    await transfer(trx, {
      idempotencyKey: `withdrawal:return:${before.id}`,
      debitAccountId: pending.id,
      creditAccountId: wallet.id,
      amount: before.amount,
      kind: 'WITHDRAWAL_RETURN',
      reference: `withdrawal:${before.id}`,
    });
    const after = await updateWithdrawal(trx, id, {
      status: 'FAILED',
      failed_at: deps.clock(),
      fail_reason: reason,
    });
    await deps.audit?.(trx, {
      actor: PAYOUT_RAIL_ACTOR,
      action: 'withdrawal.payout_failed',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: toOps(before, false),
      after: toOps(after, false),
      reason,
    });
    return true;
  });
}

/**
 * Settles an approved withdrawal by what the rail says: PAID -> APPROVED -> PAID and the payout move
 * WITHDRAWALS_PENDING -> PAYMENT_CLEARING, in one transaction under the row lock; FAILED ->
 * failPayout. Anything else (pending, already paid, rejected) changes nothing. Returns what this call
 * did.
 */
export async function settlePayout(deps: PayoutDeps, id: number): Promise<'paid' | 'failed' | null> {
  const row = await findWithdrawal(deps.db, id);
  if (!row || row.status !== 'APPROVED' || !row.provider_ref) return null;
  const state = await deps.payouts.getPayout(row.provider_ref);
  if (state.status === 'FAILED')
    return (await failPayout(deps, id, state.reason ?? 'payout_refused')) ? 'failed' : null;
  if (state.status !== 'PAID') return null;
  const paid = await inTransaction(deps.db, async (trx) => {
    const current = await findWithdrawal(trx, id, { lock: true });
    if (!current || current.status !== 'APPROVED') return false;
    const pending = await houseAccount(trx, current.merchant_code, 'WITHDRAWALS_PENDING', current.currency);
    const clearing = await houseAccount(trx, current.merchant_code, 'PAYMENT_CLEARING', current.currency);
    await transfer(trx, {
      idempotencyKey: `withdrawal:payout:${current.id}`,
      debitAccountId: pending.id,
      creditAccountId: clearing.id,
      amount: current.amount,
      kind: 'WITHDRAWAL_PAYOUT',
      reference: `withdrawal:${current.id}`,
    });
    await updateWithdrawal(trx, id, { status: 'PAID', paid_at: deps.clock() });
    return true;
  });
  return paid ? 'paid' : null;
}

/** The payout sync (a job and the sandbox's timer): asks the rail for approved withdrawals without a
 *  reference yet, and settles those it reports paid or failed. */
export async function syncPayouts(
  deps: PayoutDeps,
  limit = 200,
): Promise<{ asked: number; paid: number; failed: number }> {
  let asked = 0;
  let paid = 0;
  let failed = 0;
  for (const row of await listApprovedUnpaid(deps.db, limit)) {
    let current = row;
    if (!current.provider_ref) {
      current = await askPayout(deps, current);
      asked++;
    }
    const outcome = await settlePayout(deps, current.id);
    if (outcome === 'paid') paid++;
    if (outcome === 'failed') failed++;
  }
  return { asked, paid, failed };
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
