import { OPERATOR_ERROR_STATUS, type OperatorErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refusal of the back office's login and access (contract: operator.errors.ts). */
export class OperatorError extends DomainError<OperatorErrorCode> {
  override name = 'OperatorError';

  constructor(code: OperatorErrorCode, value: unknown = null) {
    super(code, OPERATOR_ERROR_STATUS[code], value);
  }
}
