import { WITHDRAW_ERROR_STATUS, type WithdrawErrorCode } from '@banca/contract';
import { DomainError } from '../../../platform/http/app-error.ts';

/** A refusal of the money settings, withdrawal or tree-transfer flows (contract: withdraw.errors.ts). */
export class WithdrawError extends DomainError<WithdrawErrorCode> {
  override name = 'WithdrawError';

  constructor(code: WithdrawErrorCode, value: unknown = null) {
    super(code, WITHDRAW_ERROR_STATUS[code], value);
  }
}
