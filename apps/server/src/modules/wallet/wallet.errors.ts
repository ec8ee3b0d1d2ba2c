import { WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS, type WalletErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/**
 * A domain error of the wallet and its ledger: a code of the contract's wallet catalogue, its HTTP
 * status and the envelope `value`. The error handler answers it once the catalogue is registered
 * (registerWalletRoutes does).
 */
export class WalletError extends DomainError<WalletErrorCode> {
  override name = 'WalletError';

  constructor(code: WalletErrorCode, value: unknown = null) {
    super(code, WALLET_ERROR_STATUS[code], value);
  }
}

export const isWalletError = (err: unknown): err is WalletError => err instanceof WalletError;

/** The wallet catalogue as the edge answers it. */
export const WALLET_ERROR_CATALOGUE = { status: WALLET_ERROR_STATUS, messages: WALLET_ERROR_MESSAGES };
