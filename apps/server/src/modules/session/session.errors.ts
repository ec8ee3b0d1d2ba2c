import { authErrorStatus, type GatewayErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/**
 * A domain error of accounts and sessions: a code from either contract catalogue, its HTTP status and
 * the envelope `value` (e.g. { captcha: true }, { fields }, a second-verification challenge).
 */
export class AuthError extends DomainError<GatewayErrorCode> {
  override name = 'AuthError';

  constructor(code: GatewayErrorCode, value: unknown = null) {
    super(code, authErrorStatus(code), value);
  }
}

export const isAuthError = (err: unknown): err is AuthError => err instanceof AuthError;
