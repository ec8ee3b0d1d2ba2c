import { GAMES_ERROR_STATUS, type GamesErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A domain error of the games catalogue (codes of the contract's games catalogue). */
export class GamesError extends DomainError<GamesErrorCode> {
  override name = 'GamesError';

  constructor(code: GamesErrorCode, value: unknown = null) {
    super(code, GAMES_ERROR_STATUS[code], value);
  }
}
