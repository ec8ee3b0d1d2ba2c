import type { PayoutFailReason } from '@banca/contract';

/**
 * How approved withdrawals leave: a payout rail (PIX first). Beside i9-deposit's payment provider, the
 * outgoing half. `requestPayout` is idempotent by `reference` at a real provider; `getPayout` tells
 * whether the money arrived or will not. The wallet marks a withdrawal paid only on `getPayout` saying
 * PAID, and failed on `getPayout` saying FAILED or `requestPayout` throwing PayoutRefusedError, so a
 * sandbox timer, a provider callback or the periodic sync all settle it through the same path.
 */
export interface PayoutRequest {
  /** Ours, unique per withdrawal (`withdrawal:<id>`): the provider's idempotency key. */
  reference: string;
  amount: number;
  currency: string;
  keyType: string;
  key: string;
  payeeName: string;
}

export type PayoutStatus = 'PENDING' | 'PAID' | 'FAILED';

export interface PayoutState {
  status: PayoutStatus;
  /** Why, when FAILED. */
  reason?: PayoutFailReason;
}

export interface PayoutProvider {
  readonly name: string;
  requestPayout(req: PayoutRequest): Promise<{ providerRef: string }>;
  getPayout(providerRef: string): Promise<PayoutState>;
}

/** The rail refused the payout outright (final, unlike a network error, which is retried). */
export class PayoutRefusedError extends Error {
  override name = 'PayoutRefusedError';
  constructor(readonly reason: PayoutFailReason) {
    super(`payout refused: ${reason}`);
  }
}

/**
 * The sandbox refuses payouts to e-mail keys at this domain, as a receiving bank refuses a key it does
 * not know: `anyone@payout-refused.example` makes an approved withdrawal fail after the payout delay.
 */
export const SANDBOX_REFUSED_KEY_DOMAIN = 'payout-refused.example';

export const sandboxRefusesKey = (req: Pick<PayoutRequest, 'keyType' | 'key'>): boolean =>
  req.keyType === 'EMAIL' && req.key.toLowerCase().endsWith(`@${SANDBOX_REFUSED_KEY_DOMAIN}`);

const SANDBOX_REF = /^sbx(r?)_[A-Za-z0-9_-]+_(\d+)$/;

/**
 * The sandbox PIX payout rail: every payout is settled `delayMs` after it was asked for: paid, or
 * failed (`payout_key_refused`) when `refuses` says so (by default: sandboxRefusesKey). Stateless (the
 * due time and the outcome travel inside the reference), so any node, or the same node after a
 * restart, answers the same. `onDue` is called once the delay has passed on the node that asked, so
 * the wallet settles it at once instead of at the next sync.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox-pix';

  constructor(
    private readonly options: {
      delayMs: number;
      now?: () => number;
      onDue?: (providerRef: string) => void;
      refuses?: (req: PayoutRequest) => boolean;
    },
  ) {}

  async requestPayout(req: PayoutRequest): Promise<{ providerRef: string }> {
    const now = this.options.now?.() ?? Date.now();
    const due = now + this.options.delayMs;
    const refused = (this.options.refuses ?? sandboxRefusesKey)(req);
    const providerRef = `sbx${refused ? 'r' : ''}_${Buffer.from(req.reference).toString('base64url')}_${due}`;
    const onDue = this.options.onDue;
    if (onDue) setTimeout(() => onDue(providerRef), this.options.delayMs + 10).unref();
    return { providerRef };
  }

  async getPayout(providerRef: string): Promise<PayoutState> {
    const match = SANDBOX_REF.exec(providerRef);
    if (!match) return { status: 'FAILED', reason: 'payout_refused' };
    if ((this.options.now?.() ?? Date.now()) < Number(match[2])) return { status: 'PENDING' };
    return match[1] ? { status: 'FAILED', reason: 'payout_key_refused' } : { status: 'PAID' };
  }
}

/** Production without a configured rail: nothing is paid; approved withdrawals wait, visibly. */
export class UnconfiguredPayoutProvider implements PayoutProvider {
  readonly name = 'unconfigured';
  async requestPayout(): Promise<{ providerRef: string }> {
    throw new Error('no payout provider configured');
  }
  async getPayout(): Promise<PayoutState> {
    return { status: 'PENDING' };
  }
}
