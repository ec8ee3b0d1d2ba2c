/**
 * Incoming payments (deposits) through a payment provider. The wallet depends on this interface only;
 * a deployment plugs in a real PSP, development and tests use the sandbox PIX provider
 * (sandbox-pix-provider.ts), production without one gets UnconfiguredPaymentProvider, and deposits
 * then answer `payment_unavailable`. Payouts are a separate interface (payout side, not here).
 */
export interface ChargeRequest {
  /** Our id for the charge, unique forever; the provider echoes it (PIX: the txid, <= 25 alnum). */
  chargeId: string;
  /** Minor units, > 0. */
  amount: number;
  currency: string;
  /** Who pays: shown by the provider, never trusted as proof of anything. */
  payer: { memberId: number; name?: string | null };
  expiresAt: Date;
}

export interface Charge {
  /** The provider's id for the charge: what its webhooks and getCharge name. */
  providerRef: string;
  /** The PIX "copia e cola" text (EMV BR Code); the QR code encodes exactly this. */
  pixCopyPaste: string;
  expiresAt: Date;
}

export type ChargeStatus = 'pending' | 'paid' | 'expired';

export interface ChargeState {
  providerRef: string;
  status: ChargeStatus;
  /** Minor units the payer actually paid (paid) or owes (otherwise). */
  amount: number;
  paidAt: Date | null;
}

export interface PaymentProvider {
  /** Stable name, stored with each deposit (the webhook and reconciliation find the deposit by it). */
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<Charge>;
  /** The provider's view of a charge, for reconciliation; undefined when it does not know the ref. */
  getCharge(providerRef: string): Promise<ChargeState | undefined>;
  /** A page where the payer can pay the charge besides their bank app (a checkout), if the provider has one. */
  payUrlOf?(providerRef: string): string | null;
}

/** Production with no provider configured: deposits are refused with `payment_unavailable`. */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError';
  readonly code = 'payment_unavailable';
  readonly value = null;
  constructor() {
    super('no payment provider configured');
  }
}

export class UnconfiguredPaymentProvider implements PaymentProvider {
  readonly name = 'unconfigured';
  async createCharge(): Promise<Charge> {
    throw new PaymentUnavailableError();
  }
  async getCharge(): Promise<ChargeState | undefined> {
    return undefined;
  }
}
