import type { VendorAnswer } from '@banca/contract';
import {
  vendorClient,
  type VendorCall,
  type VendorClient,
  type VendorResponse,
} from '../../platform/vendor-api/vendor-client.ts';
import { HouseError } from './house-vendor.errors.ts';

/*
 * The house vendor's side of the vendor wallet API: every money movement of a house game is a signed
 * HTTP call to the gateway (docs/vendor-api.md), exactly as an outside vendor's would be, so the
 * integration path is what the house games exercise. The client signs with the vendor id's current
 * secret, read through the games module's credentials (the operator hands an outside vendor the same
 * secret out of band).
 */

export interface GatewayWalletDeps {
  /** The gateway's base URL (resolved once the node listens; see index.ts). */
  gatewayUrl: () => string;
  /** The vendor id's current secret. */
  secretOf: (vendor: string) => Promise<string>;
}

export interface GatewayWallet {
  /**
   * One signed call as `vendor`. Answers the gateway's answer for OK and for refusals the caller
   * judges (insufficient_funds, round_closed, ...); a network failure or a 5xx is
   * house_wallet_unavailable (the caller retries with the same transaction id, or gives up: nothing
   * the gateway did not confirm is shown as done).
   */
  send(vendor: string, call: VendorCall, body: object): Promise<VendorResponse>;
}

export function gatewayWallet(deps: GatewayWalletDeps): GatewayWallet {
  const clients = new Map<string, { secret: string; client: VendorClient }>();
  const clientOf = async (vendor: string): Promise<VendorClient> => {
    const secret = await deps.secretOf(vendor);
    const known = clients.get(vendor);
    if (known?.secret === secret) return known.client;
    const client = vendorClient(deps.gatewayUrl(), vendor, secret);
    clients.set(vendor, { secret, client });
    return client;
  };
  return {
    async send(vendor, call, body) {
      let response: VendorResponse;
      try {
        response = await (await clientOf(vendor)).send(call, body);
      } catch (err) {
        throw new HouseError('house_wallet_unavailable', { call, reason: (err as Error).message });
      }
      if (response.status >= 500)
        throw new HouseError('house_wallet_unavailable', { call, status: response.body.status });
      return response;
    },
  };
}

/** An OK answer's balance (a refusal is the caller's to judge before this). */
export const okBalance = (answer: VendorAnswer): number => {
  if (answer.status !== 'OK' || answer.balance === undefined) {
    throw new HouseError('house_wallet_unavailable', { status: answer.status });
  }
  return answer.balance;
};
