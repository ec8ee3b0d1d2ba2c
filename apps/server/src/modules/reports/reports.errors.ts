import { REPORTS_ERROR_STATUS, type ReportsErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refused report request (contract: reports/reports.errors.ts). */
export class ReportsError extends DomainError<ReportsErrorCode> {
  override name = 'ReportsError';

  constructor(code: ReportsErrorCode, value: unknown = null) {
    super(code, REPORTS_ERROR_STATUS[code], value);
  }
}
