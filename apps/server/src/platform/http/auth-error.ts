import { authErrorStatus, isTrialType, type GatewayErrorCode } from '@banca/contract';
import { DomainError } from './app-error.ts';

/**
 * A domain error of the account modules (verification, member, session): a code from the contract's
 * auth or base catalogue, its HTTP status and the envelope `value` (e.g. { captcha: true }, { fields },
 * a second-verification challenge). Here, below the modules, because all three throw it and none of
 * them may import another's internals.
 */
export class AuthError extends DomainError<GatewayErrorCode> {
  override name = 'AuthError';

  constructor(code: GatewayErrorCode, value: unknown = null) {
    super(code, authErrorStatus(code), value);
  }
}

/** Trial accounts (type 4) may not use account features: member and agent centres, wallet, game
 *  launches. One guard, reused by every service that needs it (routes declare requireRealAccount). */
export function requireRealAccount(auth: { type: number }): void {
  if (isTrialType(auth.type)) throw new AuthError('in_need_true_account');
}
