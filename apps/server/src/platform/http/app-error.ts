import { ERROR_STATUS, type ErrorCode } from '@banca/contract';

/**
 * A domain error as a value: a code from a catalogue the error handler knows, its HTTP status and the
 * envelope `value`. Modules subclass it with their own catalogue's codes (AuthError, WalletError);
 * the error handler turns any of them into the envelope.
 */
export class DomainError<C extends string = string> extends Error {
  readonly status: number;

  constructor(
    readonly code: C,
    status: number,
    readonly value: unknown = null,
  ) {
    super(code);
    this.status = status;
  }
}

/** A code of the contract's base catalogue. */
export class AppError extends DomainError<ErrorCode> {
  override name = 'AppError';

  constructor(
    code: ErrorCode,
    value: unknown = null,
    /** Overrides the contract's localised message (e.g. a module's own wording). */
    readonly overrideMessage?: string,
  ) {
    super(code, ERROR_STATUS[code], value);
  }
}
