import type { FreePlayBody, LoginValue } from '@banca/contract';
import { generateId } from '../../platform/crypto/token.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import { createTrialMember } from '../member/index.ts';
import { grantFreePlayMoney } from '../wallet/index.ts';
import type { AuthDeps, RequestContext } from './session.deps.ts';
import { logIn } from './session.service.ts';

const TRIAL_ACCOUNT_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const trialAccountName = (): string => {
  const id = generateId()
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  const tail = [...id]
    .filter((c) => TRIAL_ACCOUNT_ALPHABET.includes(c))
    .slice(0, 10)
    .join('');
  return `guest_${tail}`;
};

/**
 * POST /wps/session/login/freeplay (FREEPLAY3): a new trial account (type 4, no password) holding
 * FREE_PLAY_BALANCE play money (XPL, a ledger transfer from the merchant's HOUSE_PLAY account), logged in.
 * Throws feature_disabled, too_many_requests.
 */
export async function freePlay(
  deps: AuthDeps,
  ctx: RequestContext,
  _body: FreePlayBody,
): Promise<LoginValue> {
  const flags = await deps.settings.flags(ctx.merchantCode);
  if (!flags.FREEPLAY3) throw new AuthError('feature_disabled');
  const d = await deps.limits.freePlayPerIp.consume(ctx.ip);
  if (!d.allowed) throw new AuthError('too_many_requests', { retryAfterSeconds: d.retryAfterSeconds });

  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const member = await createTrialMember(trx, {
      merchantCode: ctx.merchantCode,
      account: trialAccountName(),
      ip: ctx.ip,
    });
    // In the same transaction: a trial account never exists without its play money.
    await grantFreePlayMoney(trx, { memberId: member.id, merchantCode: ctx.merchantCode });
    return logIn(trx, ctx, {
      member,
      loginType: 'freeplay',
      now,
      audit: { event: 'freeplay', detail: null },
    });
  });
}
