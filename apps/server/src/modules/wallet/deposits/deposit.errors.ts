import { DEPOSIT_ERROR_STATUS, type DepositErrorCode } from '@banca/contract';
import { DomainError } from '../../../platform/http/app-error.ts';

/** A refusal of the deposit calls or the live stream: a code of the contract's deposit catalogue. */
export class DepositError extends DomainError<DepositErrorCode> {
  override name = 'DepositError';

  constructor(code: DepositErrorCode, value: unknown = null) {
    super(code, DEPOSIT_ERROR_STATUS[code], value);
  }
}
