import {
  maskName,
  maskPixKey,
  matchesAcceptedPattern,
  normalisePixKey,
  PATTERN_FAMILIES,
  PAYEE_NAME_PATTERN,
  patternMessageKey,
  type BindPayoutKeyBody,
  type PaymentPasswordRule,
  type PayoutKeyView,
  type SecurityValue,
  type SetPaymentPasswordBody,
} from '@banca/contract';
import type { Db } from '../../database.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { findMemberById, memberPasswordVerifier, setPaymentPasswordHash } from '../member/index.ts';
import type { SystemService } from '../system/index.ts';
import type { WalletSettingsService } from './wallet-settings.service.ts';
import { WithdrawError } from './withdraw.errors.ts';
import {
  findMemberState,
  findPayoutKey,
  lockMemberState,
  updateMemberState,
  upsertPayoutKey,
} from './withdraw.repository.ts';
import type { PayoutKeyRow } from './withdraw.table.ts';

/** What the security centre's money settings need. */
export interface MoneySettingsDeps {
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
  deps: Pick<MoneySettingsDeps, 'system'>,
): Promise<PaymentPasswordRule> {
  const field = (await deps.system.registerSettings()).find((s) => s.name === 'paymentPassword');
  if (!field) return DEFAULT_PAYMENT_PASSWORD_RULE;
  const { patternId, acceptedPattern, minLength, maxLength } = field;
  return { patternId, acceptedPattern, minLength, maxLength };
}

export const payoutKeyView = (
  row: Pick<PayoutKeyRow, 'key_type' | 'key_value' | 'payee_name'>,
): PayoutKeyView => ({
  type: row.key_type,
  keyMasked: maskPixKey(row.key_type, row.key_value),
  payeeNameMasked: maskName(row.payee_name),
});

/** GET /wps/v2/wallets/security */
export async function getSecurity(deps: MoneySettingsDeps, auth: RouteAuth): Promise<SecurityValue> {
  const [member, state, key, rule] = await Promise.all([
    findMemberById(deps.db, auth.memberId),
    findMemberState(deps.db, auth.memberId),
    findPayoutKey(deps.db, auth.memberId),
    paymentPasswordRule(deps),
  ]);
  const locked = state?.pay_pw_locked_until && state.pay_pw_locked_until > deps.clock();
  return {
    paymentPasswordSet: !!member?.payment_password_hash,
    lockedUntil: locked ? state.pay_pw_locked_until!.toISOString() : null,
    paymentPasswordRule: rule,
    loginPasswordRequired: !!member?.has_login_password,
    payoutKey: key ? payoutKeyView(key) : null,
  };
}

type Attempt = { ok: true } | { ok: false; error: WithdrawError };

/**
 * Checks a secret under the member's state row lock and counts a wrong one: after the merchant's
 * maxTries wrong answers in a row the payment password locks for lockMinutes. The lock makes parallel
 * guesses wait in line, so a burst cannot get more than maxTries verifications. The count commits even
 * though the caller then refuses, so it runs in its own short transaction, before any money moves.
 */
async function guardedCheck(
  deps: MoneySettingsDeps,
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
  deps: MoneySettingsDeps,
  auth: RouteAuth,
  plain: string,
): Promise<void> {
  const member = await findMemberById(deps.db, auth.memberId);
  if (!member?.payment_password_hash) throw new WithdrawError('payment_password_not_set');
  await guardedCheck(deps, auth, 'payment_password_wrong', () =>
    verifyPassword(member.payment_password_hash, plain),
  );
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
 * PUT /wps/v2/wallets/payment-password: sets the payment password, or changes it. Either way the
 * login password must be given (accounts without one, e.g. social sign-in, skip it): a borrowed
 * session alone can never choose the password that moves money. Wrong login passwords count
 * toward the same lock as wrong payment passwords.
 */
export async function setPaymentPassword(
  deps: MoneySettingsDeps,
  auth: RouteAuth,
  body: SetPaymentPasswordBody,
): Promise<SecurityValue> {
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
  await setPaymentPasswordHash(deps.db, auth.memberId, await hashPassword(body.paymentPassword));
  return getSecurity(deps, auth);
}

/**
 * PUT /wps/v2/wallets/payout-key: binds the PIX key payouts go to (replacing any earlier one; pending
 * withdrawals keep the key they were asked with). Needs the payment password.
 */
export async function bindPayoutKey(
  deps: MoneySettingsDeps,
  auth: RouteAuth,
  body: BindPayoutKeyBody,
): Promise<SecurityValue> {
  const fields: Record<string, string> = {};
  const key = normalisePixKey(body.type, body.key);
  if (!key) fields.key = `pix_key_invalid_${body.type.toLowerCase()}`;
  const payeeName = body.payeeName.trim().replace(/\s+/g, ' ');
  if (!PAYEE_NAME_PATTERN.test(payeeName)) fields.payeeName = 'payee_name_invalid';
  if (Object.keys(fields).length > 0) throw new AppError('invalid_input', { fields });
  await checkPaymentPassword(deps, auth, body.paymentPassword);
  await upsertPayoutKey(deps.db, {
    member_id: auth.memberId,
    key_type: body.type,
    key_value: key!,
    payee_name: payeeName,
  });
  return getSecurity(deps, auth);
}
