import { WALLET_ERROR_STATUS, type WalletErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/**
 * A domain error of the wallet and its ledger: a code of the contract's wallet catalogue, its HTTP
 * status and the envelope `value`. The error handler knows the code from the contract's composed
 * catalogue (ERROR_CATALOGUE).
 */
export class WalletError extends DomainError<WalletErrorCode> {
  override name = 'WalletError';

  constructor(code: WalletErrorCode, value: unknown = null) {
    super(code, WALLET_ERROR_STATUS[code], value);
  }
}
