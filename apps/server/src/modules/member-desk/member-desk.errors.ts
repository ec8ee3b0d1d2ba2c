import { OPERATOR_ERROR_STATUS, type OperatorErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refused member-desk call (contract: operator/operator.errors.ts, member_* codes). */
export class MemberDeskError extends DomainError<OperatorErrorCode> {
  override name = 'MemberDeskError';

  constructor(code: OperatorErrorCode, value: unknown = null) {
    super(code, OPERATOR_ERROR_STATUS[code], value);
  }
}
