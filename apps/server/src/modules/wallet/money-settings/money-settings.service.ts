import {
  maskName,
  maskPixKey,
  normalisePixKey,
  PAYEE_NAME_PATTERN,
  type BindPayoutKeyBody,
  type PayoutKeyView,
  type SecurityValue,
  type SetPaymentPasswordBody,
} from '@banca/contract';
import { AppError } from '../../../platform/http/app-error.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { findMemberById } from '../../member/index.ts';
import { findMemberState } from '../member-state/member-state.repository.ts';
import { findPayoutKey, upsertPayoutKey } from './money-settings.repository.ts';
import type { PayoutKeyRow } from './money-settings.table.ts';
import {
  changePaymentPassword,
  checkPaymentPassword,
  paymentPasswordRule,
  paymentPasswordSet,
  type PaymentPasswordDeps,
} from './payment-password.service.ts';

/** What the security centre's money settings need. */
export type MoneySettingsDeps = PaymentPasswordDeps;

export const payoutKeyView = (
  row: Pick<PayoutKeyRow, 'key_type' | 'key_value' | 'payee_name'>,
): PayoutKeyView => ({
  type: row.key_type,
  keyMasked: maskPixKey(row.key_type, row.key_value),
  payeeNameMasked: maskName(row.payee_name),
});

/** GET /wps/v2/wallets/security */
export async function getSecurity(deps: MoneySettingsDeps, auth: RouteAuth): Promise<SecurityValue> {
  const [member, passwordSet, state, key, rule] = await Promise.all([
    findMemberById(deps.db, auth.memberId),
    paymentPasswordSet(deps.db, auth.memberId),
    findMemberState(deps.db, auth.memberId),
    findPayoutKey(deps.db, auth.memberId),
    paymentPasswordRule(deps),
  ]);
  const locked = state?.pay_pw_locked_until && state.pay_pw_locked_until > deps.clock();
  return {
    paymentPasswordSet: passwordSet,
    lockedUntil: locked ? state.pay_pw_locked_until!.toISOString() : null,
    paymentPasswordRule: rule,
    loginPasswordRequired: !!member?.has_login_password,
    payoutKey: key ? payoutKeyView(key) : null,
  };
}

/** PUT /wps/v2/wallets/payment-password: sets or changes it (changePaymentPassword's rules). */
export async function setPaymentPassword(
  deps: MoneySettingsDeps,
  auth: RouteAuth,
  body: SetPaymentPasswordBody,
): Promise<SecurityValue> {
  await changePaymentPassword(deps, auth, body);
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
