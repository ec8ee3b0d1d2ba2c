import { HOUSE_ERROR_STATUS, type HouseErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refusal of the house vendor's browser API (codes of the contract's house catalogue). */
export class HouseError extends DomainError<HouseErrorCode> {
  override name = 'HouseError';

  constructor(code: HouseErrorCode, value: unknown = null) {
    super(code, HOUSE_ERROR_STATUS[code], value);
  }
}
