import {
  matchesAcceptedPattern,
  PATTERN_FAMILIES,
  patternMessageKey,
  type PaymentPasswordRule,
  type SetPaymentPasswordBody,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../platform/crypto/password.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { findMemberById, memberPasswordVerifier, type MemberPaymentPasswords } from '../../member/index.ts';
import type { SystemService } from '../../system/index.ts';
import { lockMemberState, updateMemberState } from '../member-state/member-state.repository.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';
import { WithdrawError } from '../withdrawals/withdrawal.errors.ts';
import { findPaymentPasswordHash, upsertPaymentPasswordHash } from './money-settings.repository.ts';

/*
 * The payment password: what every request that moves a member's money out (withdrawal, PIX key,
 * tree transfer) asks for. Its hash is the wallet's (wallet_payment_password); wrong tries are counted
 * and locked in wallet_member_state, under the row lock those requests take.
 */

/** What setting and checking the payment password need. */
export interface PaymentPasswordDeps {
  db: Db;
  settings: WalletSettingsService;
  system: Pick<SystemService, 'registerSettings'>;
  clock: () => Date;
}

/** Used when the merchant's register settings carry no paymentPassword field: six digits. */
export const DEFAULT_PAYMENT_PASSWORD_RULE: PaymentPasswordRule = {
  patternId: 3,
  acceptedPattern: PATTERN_FAMILIES[3],
  minLength: 6,
  maxLength: 6,
};

/** The payment password's rule: the merchant's register setting for the field, as registration uses. */
export async function paymentPasswordRule(
  deps: Pick<PaymentPasswordDeps, 'system'>,
): Promise<PaymentPasswordRule> {
  const field = (await deps.system.registerSettings()).find((s) => s.name === 'paymentPassword');
  if (!field) return DEFAULT_PAYMENT_PASSWORD_RULE;
  const { patternId, acceptedPattern, minLength, maxLength } = field;
  return { patternId, acceptedPattern, minLength, maxLength };
}

/** Whether the member has set a payment password. */
export const paymentPasswordSet = async (db: DbOrTrx, memberId: number): Promise<boolean> =>
  (await findPaymentPasswordHash(db, memberId)) !== undefined;

/** Registration's payment password (register field paymentPassword), through the member module's
 *  port: the member module hashes before its transaction and stores in it. */
export const paymentPasswordsForMembers: MemberPaymentPasswords = {
  hash: hashPassword,
  store: upsertPaymentPasswordHash,
};

type Attempt = { ok: true } | { ok: false; error: WithdrawError };

/**
 * Checks a secret under the member's state row lock and counts a wrong one: after the merchant's
 * maxTries wrong answers in a row the payment password locks for lockMinutes. The lock makes parallel
 * guesses wait in line, so a burst cannot get more than maxTries verifications. The count commits even
 * though the caller then refuses, so it runs in its own short transaction, before any money moves.
 */
async function guardedCheck(
  deps: PaymentPasswordDeps,
  auth: RouteAuth,
  wrongCode: 'payment_password_wrong' | 'login_password_wrong',
  check: () => Promise<boolean>,
): Promise<void> {
  const { paymentPassword: rules } = await deps.settings.get(auth.merchantCode);
  const attempt = await deps.db.transaction().execute(async (trx): Promise<Attempt> => {
    const state = await lockMemberState(trx, auth.memberId);
    const now = deps.clock();
    if (state.pay_pw_locked_until && state.pay_pw_locked_until > now) {
      return {
        ok: false,
        error: new WithdrawError('payment_password_locked', {
          lockedUntil: state.pay_pw_locked_until.toISOString(),
        }),
      };
    }
    if (await check()) {
      if (state.pay_pw_failed !== 0 || state.pay_pw_locked_until)
        await updateMemberState(trx, auth.memberId, { pay_pw_failed: 0, pay_pw_locked_until: null });
      return { ok: true };
    }
    const failed = state.pay_pw_failed + 1;
    if (failed >= rules.maxTries) {
      const lockedUntil = new Date(now.getTime() + rules.lockMinutes * 60_000);
      await updateMemberState(trx, auth.memberId, { pay_pw_failed: 0, pay_pw_locked_until: lockedUntil });
      return {
        ok: false,
        error: new WithdrawError('payment_password_locked', { lockedUntil: lockedUntil.toISOString() }),
      };
    }
    await updateMemberState(trx, auth.memberId, { pay_pw_failed: failed, pay_pw_locked_until: null });
    return { ok: false, error: new WithdrawError(wrongCode, { triesLeft: rules.maxTries - failed }) };
  });
  if (!attempt.ok) throw attempt.error;
}

/**
 * Verifies the member's payment password (counted, lockable). Throws WithdrawError
 * payment_password_not_set, payment_password_wrong { triesLeft }, payment_password_locked { lockedUntil }.
 */
export async function checkPaymentPassword(
  deps: PaymentPasswordDeps,
  auth: RouteAuth,
  plain: string,
): Promise<void> {
  const hash = await findPaymentPasswordHash(deps.db, auth.memberId);
  if (!hash) throw new WithdrawError('payment_password_not_set');
  await guardedCheck(deps, auth, 'payment_password_wrong', () => verifyPassword(hash, plain));
}

/** Field errors of a payment password against the merchant's rule (register-field message keys). */
export function paymentPasswordProblem(rule: PaymentPasswordRule, value: string): string | undefined {
  const length = [...value].length;
  if (length < rule.minLength || (rule.maxLength > 0 && length > rule.maxLength))
    return patternMessageKey(rule.patternId);
  if (!matchesAcceptedPattern(value, rule.acceptedPattern)) return patternMessageKey(rule.patternId);
  return undefined;
}

/**
 * Sets the payment password, or changes it. Either way the login password must be given (accounts
 * without one, e.g. social sign-in, skip it): a borrowed session alone can never choose the password
 * that moves money. Wrong login passwords count toward the same lock as wrong payment passwords.
 */
export async function changePaymentPassword(
  deps: PaymentPasswordDeps,
  auth: RouteAuth,
  body: SetPaymentPasswordBody,
): Promise<void> {
  const rule = await paymentPasswordRule(deps);
  const fields: Record<string, string> = {};
  const problem = paymentPasswordProblem(rule, body.paymentPassword);
  if (problem) fields.paymentPassword = problem;
  if (body.confirmPaymentPassword !== body.paymentPassword)
    fields.confirmPaymentPassword = 'inconsistent_twice';
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member) throw new AppError('not_logged_in');
  if (member.has_login_password && !body.loginPassword) fields.loginPassword = 'required';
  if (Object.keys(fields).length > 0) throw new AppError('invalid_input', { fields });

  if (member.has_login_password) {
    const verify = await memberPasswordVerifier(deps.db, auth.memberId);
    await guardedCheck(deps, auth, 'login_password_wrong', () => verify(body.loginPassword!));
  } else {
    await verifyAgainstDummy(body.paymentPassword);
  }
  await upsertPaymentPasswordHash(deps.db, auth.memberId, await hashPassword(body.paymentPassword));
}
