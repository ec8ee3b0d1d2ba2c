import { createHmac, randomBytes } from 'node:crypto';
import { VENDOR_HEADERS, vendorCallbacks, type VendorAnswer } from '@banca/contract';

/*
 * A vendor's side of the vendor wallet API, as any integration would write it: sign the raw body
 * with HMAC-SHA256 over `${timestamp}.${body}`, send it, read the answer. The house vendor's wallet
 * client (modules/house-vendor/gateway-wallet.ts) is one; the conformance suite, its tests and the
 * vendor benchmark use it too. It knows only the contract, so it lives in platform, not in any of them.
 */

export type VendorCall = keyof typeof vendorCallbacks;

export interface SendOptions {
  /** Unix seconds to sign with (default now). */
  timestamp?: number;
  /** Sign with this secret instead (forged signatures). */
  secret?: string;
  /** Name this vendor instead. */
  vendor?: string;
  /** Send no signature headers at all. */
  unsigned?: boolean;
  /** Send these bytes instead of JSON.stringify(body). */
  rawBody?: string;
}

export interface VendorResponse {
  status: number;
  body: VendorAnswer;
}

export interface VendorClient {
  send(call: VendorCall, body: unknown, options?: SendOptions): Promise<VendorResponse>;
}

export const vendorSignature = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export function vendorClient(baseUrl: string, vendor: string, secret: string): VendorClient {
  return {
    async send(call, body, options = {}) {
      const raw = options.rawBody ?? JSON.stringify(body);
      const ts = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!options.unsigned) {
        headers[VENDOR_HEADERS.vendor] = options.vendor ?? vendor;
        headers[VENDOR_HEADERS.timestamp] = ts;
        headers[VENDOR_HEADERS.signature] = vendorSignature(options.secret ?? secret, ts, raw);
      }
      const res = await fetch(baseUrl + vendorCallbacks[call].path, { method: 'POST', headers, body: raw });
      const text = await res.text();
      let json: VendorAnswer;
      try {
        json = JSON.parse(text) as VendorAnswer;
      } catch {
        json = { status: 'internal_error', message: text.slice(0, 200) };
      }
      return { status: res.status, body: json };
    },
  };
}

/** A fresh id for transactions and rounds (the vendor's own ids). */
export const newVendorId = (prefix: string): string => `${prefix}-${randomBytes(8).toString('hex')}`;

export interface Player {
  playerSession: string;
  memberId: number;
}

export interface NewPlayerOptions {
  /** Money to start with, minor units. */
  amount?: number;
  /** Session lifetime; 0 gives an already expired session. */
  ttlSeconds?: number;
  /** Another session for this member instead of a new member. */
  memberId?: number;
}

export type PlayerFactory = (options?: NewPlayerOptions) => Promise<Player>;

/** Players from the gateway's loopback-only sandbox route (POST /dev/vendor/player-session). */
export function devPlayers(baseUrl: string, vendor: string): PlayerFactory {
  return async (options = {}) => {
    const res = await fetch(`${baseUrl}/dev/vendor/player-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vendor, ...options }),
    });
    const body = (await res.json()) as { value?: Player; code?: string };
    if (res.status !== 200 || !body.value) {
      throw new Error(`/dev/vendor/player-session answered ${res.status} ${body.code ?? ''}`);
    }
    return { playerSession: body.value.playerSession, memberId: body.value.memberId };
  };
}

/** A vendor's secret from the gateway's loopback-only sandbox route (rotates it). */
export async function devVendorSecret(baseUrl: string, vendor: string): Promise<string> {
  const res = await fetch(`${baseUrl}/dev/vendor/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vendor }),
  });
  const body = (await res.json()) as { value?: { secret: string }; code?: string };
  if (res.status !== 200 || !body.value)
    throw new Error(`/dev/vendor/credentials answered ${res.status} ${body.code ?? ''}`);
  return body.value.secret;
}
