import { authErrorStatus, type GatewayErrorCode } from '@banca/contract';

/**
 * A domain error of accounts and sessions: a code from either contract catalogue, its HTTP status and
 * the envelope `value` (e.g. { captcha: true }, { fields }, a second-verification challenge). Same
 * fields as the platform's AppError (code, status, value), so the error handler can treat both alike.
 */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly status: number;

  constructor(
    readonly code: GatewayErrorCode,
    readonly value: unknown = null,
  ) {
    super(code);
    this.status = authErrorStatus(code);
  }
}

export const isAuthError = (err: unknown): err is AuthError => err instanceof AuthError;
