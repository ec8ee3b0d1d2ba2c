/**
 * How approved withdrawals leave: a payout rail (PIX first). Beside i9-deposit's payment provider, the
 * outgoing half. `requestPayout` is idempotent by `reference` at a real provider; `getPayout` tells
 * whether the money arrived. The wallet marks a withdrawal paid only on `getPayout` saying PAID, so a
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

export interface PayoutProvider {
  readonly name: string;
  requestPayout(req: PayoutRequest): Promise<{ providerRef: string }>;
  getPayout(providerRef: string): Promise<{ status: PayoutStatus }>;
}

/**
 * The sandbox PIX payout rail: every payout is paid `delayMs` after it was asked for. Stateless (the
 * due time travels inside the reference), so any node, or the same node after a restart, answers the
 * same. `onDue` is called once the delay has passed on the node that asked, so the wallet settles it
 * at once instead of at the next sync.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox-pix';

  constructor(
    private readonly options: {
      delayMs: number;
      now?: () => number;
      onDue?: (providerRef: string) => void;
    },
  ) {}

  async requestPayout(req: PayoutRequest): Promise<{ providerRef: string }> {
    const now = this.options.now?.() ?? Date.now();
    const due = now + this.options.delayMs;
    const providerRef = `sbx_${Buffer.from(req.reference).toString('base64url')}_${due}`;
    const onDue = this.options.onDue;
    if (onDue) setTimeout(() => onDue(providerRef), this.options.delayMs + 10).unref();
    return { providerRef };
  }

  async getPayout(providerRef: string): Promise<{ status: PayoutStatus }> {
    const due = Number(/^sbx_[A-Za-z0-9_-]+_(\d+)$/.exec(providerRef)?.[1]);
    if (!Number.isFinite(due)) return { status: 'FAILED' };
    return { status: (this.options.now?.() ?? Date.now()) >= due ? 'PAID' : 'PENDING' };
  }
}

/** Production without a configured rail: nothing is paid; approved withdrawals wait, visibly. */
export class UnconfiguredPayoutProvider implements PayoutProvider {
  readonly name = 'unconfigured';
  async requestPayout(): Promise<{ providerRef: string }> {
    throw new Error('no payout provider configured');
  }
  async getPayout(): Promise<{ status: PayoutStatus }> {
    return { status: 'PENDING' };
  }
}
