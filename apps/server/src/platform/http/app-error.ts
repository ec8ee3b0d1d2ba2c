import { ERROR_STATUS, type ErrorCode } from '@banca/contract';

/** A domain error as a value with a code; the error handler turns it into the envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly value: unknown = null,
    /** Overrides the contract's localised message (e.g. a module's own wording). */
    readonly overrideMessage?: string,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
