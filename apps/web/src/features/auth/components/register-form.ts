import type { RegisterField, RegisterFieldSetting, Whitelabel } from '@banca/contract';
import {
  REGISTER_FIELDS,
  alwaysRequiredFields,
  fieldsSkippedByMode,
  validateRegisterFields,
  type RegisterMode,
  type RegisterModeFlags,
  type RegisterValues,
} from '@banca/contract';
import { fieldErrorText } from '@/ui/form';

export type { RegisterMode };

/** How each field is typed into: input type, autocomplete token, input mode. */
export const FIELD_INPUT: Partial<
  Record<RegisterField, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel' }>
> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
  payeeName: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  mobileNum: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  verificationCode: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  birthday: { autoComplete: 'bday', inputMode: 'numeric' },
  nickname: { autoComplete: 'nickname' },
  address: { autoComplete: 'street-address' },
  nationality: { autoComplete: 'country-name' },
  idNumber: { inputMode: 'numeric', autoComplete: 'off' },
  qqNum: { inputMode: 'numeric' },
};

export const modeFlags = (flags: Whitelabel | null): RegisterModeFlags => ({
  mobileWithPassword: !!flags?.MOBREGPASS3,
  smsVerification: !!flags?.REGMOBVERF3,
});

/** The registration modes the merchant offers (USERNAMEREG3, MOBILENUMREG3); username when neither. */
export const registerModes = (flags: Whitelabel | null): RegisterMode[] => {
  const modes: RegisterMode[] = [];
  if (flags?.USERNAMEREG3 !== false) modes.push('username');
  if (flags?.MOBILENUMREG3) modes.push('mobile');
  return modes.length ? modes : ['username'];
};

export interface VisibleField {
  name: RegisterField;
  required: boolean;
  setting?: RegisterFieldSetting;
}

/**
 * The fields a mode shows, in form order (spec sections 3-5): every enabled field plus those the mode
 * forces, minus those it skips; confirm password beside any password; the mobile number first in
 * mobile mode. The same sets validateRegisterFields checks on both sides.
 */
export const visibleFields = (
  settings: readonly RegisterFieldSetting[],
  mode: RegisterMode,
  flags: RegisterModeFlags,
): VisibleField[] => {
  const byName = new Map(settings.map((s) => [s.name, s]));
  const forced = new Set(alwaysRequiredFields(mode, flags));
  const skipped = new Set(fieldsSkippedByMode(mode, flags));
  const shown = (name: RegisterField) =>
    !skipped.has(name) && (forced.has(name) || byName.get(name)?.enabled === true);
  const names = REGISTER_FIELDS.filter(
    (name) => shown(name) || (name === 'confirmPassword' && !skipped.has(name) && shown('password')),
  );
  if (mode === 'mobile') names.sort((a, b) => Number(b === 'mobileNum') - Number(a === 'mobileNum'));
  return names.map((name) => ({
    name,
    setting: byName.get(name),
    required: forced.has(name) || name === 'confirmPassword' || byName.get(name)?.required === true,
  }));
};

/**
 * Client validation with the contract's validateRegisterFields (the rule set the server applies),
 * plus the confirmation when the merchant has not listed it. Returns texts by field name.
 */
export const registerErrors = (
  values: Record<string, string>,
  settings: readonly RegisterFieldSetting[],
  mode: RegisterMode,
  flags: RegisterModeFlags,
  visible: readonly VisibleField[],
): Record<string, string> => {
  const trimmed: RegisterValues = {};
  for (const field of visible) {
    const raw = values[field.name] ?? '';
    trimmed[field.name] = field.name.toLowerCase().includes('password') ? raw : raw.trim();
  }
  const codes: Record<string, string> = { ...validateRegisterFields(trimmed, settings, mode, flags) };
  if (visible.some((f) => f.name === 'confirmPassword') && !codes.confirmPassword) {
    if (!trimmed.confirmPassword) codes.confirmPassword = 'required';
    else if (trimmed.confirmPassword !== trimmed.password) codes.confirmPassword = 'inconsistent_twice';
  }
  const out: Record<string, string> = {};
  for (const [name, code] of Object.entries(codes)) {
    if (!visible.some((f) => f.name === name)) continue;
    out[name] = fieldErrorText(
      code,
      settings.find((s) => s.name === name),
    );
  }
  return out;
};

/** Codes from the URL query that prefill the form: ?affiliateCode= and ?referralCode=. */
export const codesFromUrl = (search: string): Partial<Record<'affiliateCode' | 'referralCode', string>> => {
  const params = new URLSearchParams(search);
  const out: Partial<Record<'affiliateCode' | 'referralCode', string>> = {};
  const affiliate = params.get('affiliateCode') ?? params.get('affiliate');
  const referral = params.get('referralCode') ?? params.get('ref');
  if (affiliate) out.affiliateCode = affiliate.slice(0, 32);
  if (referral) out.referralCode = referral.slice(0, 64);
  return out;
};
