import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  DepositOptions,
  DepositSummary,
  DepositView,
  PaymentChannel,
  depositCreateBodySchema,
  opsDepositSchema,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import type { PaymentProvider } from '../../../platform/providers/payments/payment-provider.ts';
import { pixQrSvg } from '../../../platform/providers/payments/sandbox-pix-provider.ts';
import {
  expirePendingDeposits,
  findDepositByClientKey,
  hasOtherCreditedDeposit,
  findMemberDeposit,
  insertDepositIfNew,
  listMemberDeposits,
  listUnpaidDeposits,
  lockDepositByProviderRef,
  markDepositPaid,
  searchDeposits,
  type OpsDepositFilter,
} from './deposit.repository.ts';
import type { DepositFlag, DepositRow } from './deposit.table.ts';
import { DepositError } from './deposit.errors.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { WalletError } from '../wallet.errors.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import { walletDepositCredited } from '../wallet.events.ts';
import type { WalletDeps } from '../merchant-currency.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';

/*
 * Deposits. A deposit is one provider charge; it is credited exactly once, whichever of the webhook,
 * a replay of it, or the reconcile job gets there first: each locks the deposit row, credits only if
 * it is not credited yet, and the ledger key `deposit:<chargeId>` would refuse a second movement
 * anyway. A charge paid after it expired is still credited (the money has left the payer) and flagged
 * `late_payment` for an operator; a payment of another amount credits what was paid, flagged
 * `amount_mismatch`.
 */

export interface DepositDeps extends WalletDeps {
  merchantCode: string;
  settings: WalletSettingsService;
  payments: PaymentProvider;
  clock?: () => Date;
}

const now = (deps: Pick<DepositDeps, 'clock'>): Date => deps.clock?.() ?? new Date();

/** Our id of a charge: the PIX txid (<= 25 letters and digits), random so it names nothing. */
const newChargeId = (): string => `D${randomBytes(12).toString('hex').toUpperCase()}`;

/** QR codes of recent payloads: the deposit page asks for its deposit while it waits. */
const qrCache = new Map<string, Promise<string>>();
function qrOf(payload: string): Promise<string> {
  let svg = qrCache.get(payload);
  if (!svg) {
    svg = pixQrSvg(payload);
    qrCache.set(payload, svg);
    if (qrCache.size > 500) qrCache.delete(qrCache.keys().next().value as string);
  }
  return svg;
}

export const depositLedgerKey = (chargeId: string): string => `deposit:${chargeId}`;

export const summaryOf = (row: DepositRow): DepositSummary => ({
  depositId: row.id,
  channel: row.channel,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  paidAt: row.paid_at?.toISOString() ?? null,
});

const viewOf = async (deps: Pick<DepositDeps, 'payments'>, row: DepositRow): Promise<DepositView> => ({
  ...summaryOf(row),
  pixCopyPaste: row.pix_copy_paste,
  qrSvg: await qrOf(row.pix_copy_paste),
  payUrl: row.provider === deps.payments.name ? (deps.payments.payUrlOf?.(row.provider_ref) ?? null) : null,
});

/** GET /wps/v2/deposits/options: the enabled channels and their limits. */
export async function depositOptions(deps: DepositDeps, auth: RouteAuth): Promise<DepositOptions> {
  const [settings, money] = await Promise.all([
    deps.settings.get(auth.merchantCode),
    deps.merchantCurrency(auth.merchantCode),
  ]);
  return {
    currency: money.currency,
    currencySymbol: money.currencySymbol,
    channels: settings.deposit.channels
      .filter((c) => c.enabled)
      .map((c) => ({ channel: c.channel, min: c.min, max: c.max })),
    chargeTtlMinutes: settings.deposit.chargeTtlMinutes,
  };
}

/** POST /wps/v2/deposits. The same idempotency key returns the same deposit; nothing is written on a refusal. */
export async function createDeposit(
  deps: DepositDeps,
  auth: RouteAuth,
  body: z.output<typeof depositCreateBodySchema>,
): Promise<DepositView> {
  const settings = await deps.settings.get(auth.merchantCode);
  const channel = settings.deposit.channels.find((c) => c.enabled && c.channel === body.channel);
  if (!channel) throw new DepositError('deposit_channel_unavailable');
  if (body.amount < channel.min || body.amount > channel.max) {
    throw new DepositError('deposit_amount_out_of_range', { min: channel.min, max: channel.max });
  }
  const same = (row: DepositRow) => {
    if (row.channel !== body.channel || row.amount !== body.amount)
      throw new WalletError('idempotency_conflict');
    return viewOf(deps, row);
  };
  const existing = await findDepositByClientKey(deps.db, auth.memberId, body.idempotencyKey);
  if (existing) return same(existing);

  const { currency } = await deps.merchantCurrency(auth.merchantCode);
  const chargeId = newChargeId();
  const expiresAt = new Date(now(deps).getTime() + settings.deposit.chargeTtlMinutes * 60_000);
  // The provider first (it may refuse: payment_unavailable), then our row: a charge we never stored
  // is never shown to anyone, so it can only expire unpaid.
  const charge = await deps.payments.createCharge({
    chargeId,
    amount: body.amount,
    currency,
    payer: { memberId: auth.memberId },
    expiresAt,
  });
  const inserted = await insertDepositIfNew(deps.db, {
    merchant_code: auth.merchantCode,
    member_id: auth.memberId,
    channel: body.channel as PaymentChannel,
    amount: body.amount,
    currency,
    status: 'pending',
    client_key: body.idempotencyKey,
    charge_id: chargeId,
    provider: deps.payments.name,
    provider_ref: charge.providerRef,
    pix_copy_paste: charge.pixCopyPaste,
    expires_at: charge.expiresAt,
  });
  if (inserted) return viewOf(deps, inserted);
  const twin = await findDepositByClientKey(deps.db, auth.memberId, body.idempotencyKey);
  if (!twin) throw new Error('deposit: client key conflicted but is not readable');
  return same(twin);
}

export async function depositStatus(
  deps: DepositDeps,
  auth: RouteAuth,
  depositId: number,
): Promise<DepositView> {
  const row = await findMemberDeposit(deps.db, auth.memberId, depositId);
  if (!row) throw new DepositError('deposit_not_found');
  return viewOf(deps, row);
}

export async function listDeposits(
  deps: DepositDeps,
  auth: RouteAuth,
  limit: number,
): Promise<{ deposits: DepositSummary[] }> {
  const rows = await listMemberDeposits(deps.db, auth.memberId, limit);
  return { deposits: rows.map(summaryOf) };
}

export type SettleOutcome = 'credited' | 'already_credited' | 'unknown_charge' | 'charge_mismatch';

export interface PaidCharge {
  provider: string;
  providerRef: string;
  /** Our charge id as the provider echoes it; checked against the stored one when given. */
  chargeId?: string;
  currency?: string;
  /** Minor units actually paid. */
  amount: number;
  paidAt: Date;
}

/**
 * Credits a paid charge, exactly once: the webhook, its replays and the reconcile job all end here.
 * Runs in its own transaction (or the caller's); a refusal writes nothing.
 */
export async function settlePaidCharge(
  deps: Pick<DepositDeps, 'db' | 'clock'>,
  paid: PaidCharge,
  db: DbOrTrx = deps.db,
): Promise<{ outcome: SettleOutcome; deposit?: DepositRow }> {
  return inTransaction(db, async (trx) => {
    const row = await lockDepositByProviderRef(trx, paid.provider, paid.providerRef);
    if (!row) return { outcome: 'unknown_charge' };
    if (
      (paid.chargeId !== undefined && paid.chargeId !== row.charge_id) ||
      (paid.currency !== undefined && paid.currency !== row.currency)
    ) {
      return { outcome: 'charge_mismatch' };
    }
    if (row.credited_at) return { outcome: 'already_credited', deposit: row };
    const late = row.status === 'expired' || paid.paidAt > row.expires_at;
    const flag: DepositFlag | null =
      paid.amount !== row.amount ? 'amount_mismatch' : late ? 'late_payment' : null;
    const house = await houseAccount(trx, row.merchant_code, 'PAYMENT_CLEARING', row.currency);
    const wallet = await ensureMemberWallet(trx, row.member_id, row.merchant_code, row.currency);
    const moved = await transfer(trx, {
      idempotencyKey: depositLedgerKey(row.charge_id),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: paid.amount,
      kind: 'DEPOSIT',
      reference: `deposit:${row.id}`,
    });
    const deposit = await markDepositPaid(trx, row.id, {
      paid_amount: paid.amount,
      paid_at: paid.paidAt,
      credited_at: now(deps),
      transfer_id: moved.id,
      flag,
    });
    if (moved.replayed) return { outcome: 'already_credited', deposit };
    // After the transfer, which holds the member's wallet row until commit: another deposit of the
    // member credited at the same time waits for it, then sees this one credited (not first).
    const first = !(await hasOtherCreditedDeposit(trx, row.member_id, row.id));
    await recordEvent(
      trx,
      walletDepositCredited,
      {
        memberId: row.member_id,
        amount: paid.amount,
        currency: row.currency,
        depositId: row.id,
        first,
        at: deposit.credited_at!.toISOString(),
      },
      { key: row.member_id },
    );
    return { outcome: 'credited', deposit };
  });
}

/** Job: pending charges past their expiry are marked expired (a late payment still credits). */
export async function expireDeposits(db: Db, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await expirePendingDeposits(db, at, 500);
    total += batch.length;
    if (batch.length < 500) return total;
  }
}

/** How far back reconciliation looks: a charge unpaid for longer is not going to be paid. */
export const RECONCILE_LOOKBACK_HOURS = 72;

/**
 * Job: asks the provider about every unpaid deposit of the last RECONCILE_LOOKBACK_HOURS and credits
 * the ones it says were paid (a webhook that never arrived: provider outage, a gateway killed
 * mid-request). Returns how many it credited.
 */
export async function reconcileDeposits(
  deps: DepositDeps,
  at: Date,
): Promise<{ asked: number; credited: number }> {
  const since = new Date(at.getTime() - RECONCILE_LOOKBACK_HOURS * 3_600_000);
  let asked = 0;
  let credited = 0;
  let after = 0;
  for (;;) {
    const rows = await listUnpaidDeposits(deps.db, deps.payments.name, since, after, 200);
    if (rows.length === 0) return { asked, credited };
    for (const row of rows) {
      after = row.id;
      asked++;
      const state = await deps.payments.getCharge(row.provider_ref);
      if (state?.status !== 'paid') continue;
      const { outcome } = await settlePaidCharge(deps, {
        provider: row.provider,
        providerRef: row.provider_ref,
        amount: state.amount,
        paidAt: state.paidAt ?? at,
      });
      if (outcome === 'credited') credited++;
    }
    if (rows.length < 200) return { asked, credited };
  }
}

/** GET /ops/wallet/deposits */
export async function searchOpsDeposits(
  db: Db,
  filter: OpsDepositFilter,
): Promise<{ deposits: z.output<typeof opsDepositSchema>[]; next: number | null }> {
  // One row more than asked tells whether a next page exists.
  const found = await searchDeposits(db, { ...filter, limit: filter.limit + 1 });
  const rows = found.slice(0, filter.limit);
  return {
    next: found.length > filter.limit ? rows.at(-1)!.id : null,
    deposits: rows.map((row) => ({
      ...summaryOf(row),
      memberId: row.member_id,
      provider: row.provider,
      providerRef: row.provider_ref,
      paidAmount: row.paid_amount,
      transferId: row.transfer_id,
      flag: row.flag,
      late: row.late,
      mismatched: row.mismatched,
    })),
  };
}
