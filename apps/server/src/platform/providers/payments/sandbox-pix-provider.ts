import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type QRCode from 'qrcode';
import { lazyRequire } from '../../lazy-require.ts';
import { hmacSignature } from '../../http/callback-route.ts';
import { buildPixPayload } from './pix-emv.ts';
import { findCharge, insertCharge, markChargePaid } from './sandbox-pix.repository.ts';
import type { Charge, ChargeRequest, ChargeState, PaymentProvider } from './payment-provider.ts';
import type { SandboxPixChargeRow, SandboxPixTables } from './sandbox-pix.table.ts';

const loadQrCode = lazyRequire<typeof QRCode>('qrcode');

/**
 * SANDBOX ONLY: a PIX provider that moves no money. It issues real BR Code payloads (any PIX reader
 * parses them; the key is the sandbox's own, so a real bank app would pay nobody we know), keeps its
 * charges in sandbox_pix_charge, and "pays" one when a person presses Pay on its page
 * (/sandbox/pix/:ref, sandbox-pix.routes.ts), which sends the signed webhook a real PSP would send.
 * Never wired in production.
 */
export const SANDBOX_PIX_NAME = 'sandbox-pix';
/** The webhook's caller id (its secret is looked up by it). */
export const SANDBOX_PIX_CALLER = 'sandbox-pix';
/** The sandbox's receiving key: a random-key (EVP) shaped UUID that belongs to no one. */
const SANDBOX_PIX_KEY = '00000000-0000-4000-8000-000000000000';

export const SANDBOX_PIX_HEADERS = {
  caller: 'x-pix-caller',
  timestamp: 'x-pix-timestamp',
  signature: 'x-pix-signature',
} as const;

/** The webhook body the sandbox sends (and a real adapter would translate its PSP's into). */
export interface PixWebhookBody {
  event: 'charge.paid';
  providerRef: string;
  chargeId: string;
  amount: number;
  currency: string;
  paidAt: string;
}

/** Hands a signed webhook to the gateway: method-less, it posts raw bytes and headers. */
export type WebhookSender = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export type PayOutcome =
  | { ok: true; row: SandboxPixChargeRow; webhookStatus: number }
  | { ok: false; reason: 'not_found' | 'expired' | 'already_paid' | 'not_paid' };

type SandboxDb = Kysely<SandboxPixTables>;

export class SandboxPixProvider implements PaymentProvider {
  readonly name = SANDBOX_PIX_NAME;

  constructor(
    private readonly db: SandboxDb,
    private readonly options: {
      merchantName: string;
      merchantCity: string;
      /** The webhook's HMAC secret (shared by every node: derived from the server key). */
      secret: Buffer;
      send: WebhookSender;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async createCharge(request: ChargeRequest): Promise<Charge> {
    const providerRef = `SBX${randomBytes(12).toString('hex').toUpperCase()}`;
    const payload = buildPixPayload({
      key: SANDBOX_PIX_KEY,
      amount: request.amount,
      merchantName: this.options.merchantName,
      merchantCity: this.options.merchantCity,
      txid: request.chargeId,
    });
    await insertCharge(this.db, {
      provider_ref: providerRef,
      charge_id: request.chargeId,
      amount: request.amount,
      currency: request.currency,
      member_id: request.payer.memberId,
      payload,
      status: 'pending',
      expires_at: request.expiresAt,
    });
    return { providerRef, pixCopyPaste: payload, expiresAt: request.expiresAt };
  }

  async getCharge(providerRef: string): Promise<ChargeState | undefined> {
    const row = await this.find(providerRef);
    if (!row) return undefined;
    const status = row.status === 'paid' ? 'paid' : row.expires_at <= this.now() ? 'expired' : 'pending';
    return { providerRef, status, amount: row.amount, paidAt: row.paid_at };
  }

  /** The sandbox pay page (sandbox-pix.routes.ts), relative to the gateway. */
  payUrlOf(providerRef: string): string {
    return `/sandbox/pix/${providerRef}`;
  }

  find(providerRef: string): Promise<SandboxPixChargeRow | undefined> {
    return findCharge(this.db, providerRef);
  }

  /**
   * The payer pays: the charge becomes paid and the webhook goes out. `late` pays a charge past its
   * expiry (a bank that accepted it anyway), which the gateway must still credit and flag.
   * `silent` pays without sending the webhook (a lost webhook, for reconciliation tests).
   */
  async pay(providerRef: string, opts: { late?: boolean; silent?: boolean } = {}): Promise<PayOutcome> {
    const row = await this.find(providerRef);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.status === 'paid') return { ok: false, reason: 'already_paid' };
    const now = this.now();
    if (row.expires_at <= now && !opts.late) return { ok: false, reason: 'expired' };
    const paid = await markChargePaid(this.db, providerRef, now);
    if (!paid) return { ok: false, reason: 'already_paid' };
    const webhookStatus = opts.silent ? 0 : await this.notify(paid);
    return { ok: true, row: paid, webhookStatus };
  }

  /** Sends the paid webhook of a paid charge again (providers retry; tests replay). */
  async replay(providerRef: string): Promise<PayOutcome> {
    const row = await this.find(providerRef);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.status !== 'paid') return { ok: false, reason: 'not_paid' };
    return { ok: true, row, webhookStatus: await this.notify(row) };
  }

  /** The signed webhook for a paid charge: body and headers, as sent. */
  signedWebhook(row: SandboxPixChargeRow, timestamp = Math.floor(this.now().getTime() / 1000)) {
    const body: PixWebhookBody = {
      event: 'charge.paid',
      providerRef: row.provider_ref,
      chargeId: row.charge_id,
      amount: row.amount,
      currency: row.currency,
      paidAt: (row.paid_at ?? this.now()).toISOString(),
    };
    const raw = JSON.stringify(body);
    const ts = String(timestamp);
    return {
      raw,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_PIX_HEADERS.caller]: SANDBOX_PIX_CALLER,
        [SANDBOX_PIX_HEADERS.timestamp]: ts,
        [SANDBOX_PIX_HEADERS.signature]: hmacSignature(this.options.secret, ts, Buffer.from(raw, 'utf8')),
      },
    };
  }

  private async notify(row: SandboxPixChargeRow): Promise<number> {
    const { raw, headers } = this.signedWebhook(row);
    return this.options.send(raw, headers);
  }
}

/** The QR code of a payload as an SVG document (what a bank app scans). */
export const pixQrSvg = (payload: string): Promise<string> =>
  loadQrCode().toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
