import { WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS, type WalletErrorCode } from '@banca/contract';

/**
 * A domain error of the wallet and its ledger: a code of the contract's wallet catalogue, its HTTP
 * status and the envelope `value`. Same fields as AppError and AuthError, so the one error handler
 * treats them alike once the catalogue is registered (registerWalletRoutes does).
 */
export class WalletError extends Error {
  override name = 'WalletError';
  readonly status: number;

  constructor(
    readonly code: WalletErrorCode,
    readonly value: unknown = null,
  ) {
    super(code);
    this.status = WALLET_ERROR_STATUS[code];
  }
}

export const isWalletError = (err: unknown): err is WalletError => err instanceof WalletError;

/** The wallet catalogue as the edge answers it. */
export const WALLET_ERROR_CATALOGUE = { status: WALLET_ERROR_STATUS, messages: WALLET_ERROR_MESSAGES };
