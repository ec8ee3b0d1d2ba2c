import { WALLET_ERROR_STATUS, type WalletErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/**
 * A refusal of the ledger or of the wallet's own moves, with a code of the contract's wallet catalogue
 * (packages/contract/src/wallet/wallet.errors.ts) and the envelope `value`. transfer() throws it for
 * the refusal code the ledger function answers, before anything is written, so a caller may catch it
 * and its transaction goes on; the wallet transfer, deposits (a reused key), withdrawals and tree
 * transfers (no wallet yet) throw it too, beside their own DepositError and WithdrawError. At the edge
 * the error handler answers the status and message of the code as the composed ERROR_CATALOGUE gives
 * them (it does not read `status`, which equals it); the vendor wallet API catches
 * insufficient_funds and answers it in the vendor's format instead of the envelope.
 */
export class WalletError extends DomainError<WalletErrorCode> {
  override name = 'WalletError';

  constructor(code: WalletErrorCode, value: unknown = null) {
    super(code, WALLET_ERROR_STATUS[code], value);
  }
}
