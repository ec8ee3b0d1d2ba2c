/**
 * Registration rules of spec section 5, one definition for web and server: the form shows these
 * errors under its fields and the server refuses the same values with the same keys.
 */
import { matchesAcceptedPattern, patternMessageKey } from '../patterns.ts';
import type { RegisterField, RegisterFieldSetting } from '../system/system.schemas.ts';

/** Message key for an empty required field (spec: "input cannot be empty"). */
export const REQUIRED_KEY = 'required';
/** Message key for a confirmation that differs from the password (spec message key). */
export const INCONSISTENT_TWICE_KEY = 'inconsistent_twice';

/** 'username': account and password are always asked; 'mobile': the mobile number is always asked. */
export type RegisterMode = 'username' | 'mobile';

export interface RegisterModeFlags {
  /** MOBREGPASS3: mobile registration also asks a password. */
  mobileWithPassword?: boolean;
  /** REGMOBVERF3: an SMS verification code is required. */
  smsVerification?: boolean;
}

export type RegisterValues = Partial<Record<RegisterField, string | undefined | null>>;
export type RegisterFieldErrors = Partial<Record<RegisterField, string>>;

/** Lengths count characters as people see them (code points), so Korean or Thai names are not
 *  measured in UTF-16 units. */
const charLength = (value: string): number => [...value].length;

const present = (value: string | undefined | null): value is string =>
  typeof value === 'string' && value !== '';

/** Fields a mode requires whatever the merchant's settings say. */
export function alwaysRequiredFields(mode: RegisterMode, flags: RegisterModeFlags = {}): RegisterField[] {
  if (mode === 'username') return ['username', 'password'];
  const fields: RegisterField[] = ['mobileNum'];
  if (flags.mobileWithPassword) fields.push('password');
  if (flags.smsVerification) fields.push('verificationCode');
  return fields;
}

/** Fields a mode does not ask at all: the mobile form has no username (the account is derived from
 *  the number) and asks a password only with MOBREGPASS3. */
export function fieldsSkippedByMode(mode: RegisterMode, flags: RegisterModeFlags = {}): RegisterField[] {
  if (mode === 'username') return [];
  return flags.mobileWithPassword ? ['username'] : ['username', 'password', 'confirmPassword'];
}

/**
 * Checks one value against its field setting. Returns the message key, or null when it passes.
 * An operator's acceptedPattern that is not a valid regular expression refuses the value rather than
 * letting anything through.
 */
export function checkFieldValue(value: string, setting: RegisterFieldSetting): string | null {
  const key = patternMessageKey(setting.patternId);
  const length = charLength(value);
  if (length < setting.minLength || (setting.maxLength > 0 && length > setting.maxLength)) return key;
  let matches: boolean;
  try {
    matches = matchesAcceptedPattern(value, setting.acceptedPattern);
  } catch {
    matches = false;
  }
  return matches ? null : key;
}

/**
 * Validates registration values against the merchant's field settings (spec section 5) and the
 * mode. Returns `{ field: messageKey }`; empty means valid. Disabled fields are ignored (their values
 * are not the merchant's business) unless the mode itself requires them.
 */
export function validateRegisterFields(
  values: RegisterValues,
  settings: readonly RegisterFieldSetting[],
  mode: RegisterMode,
  flags: RegisterModeFlags = {},
): RegisterFieldErrors {
  const errors: RegisterFieldErrors = {};
  const byName = new Map(settings.map((s) => [s.name, s]));
  const forced = new Set(alwaysRequiredFields(mode, flags));
  const skipped = new Set(fieldsSkippedByMode(mode, flags));

  const names = new Set<RegisterField>([...byName.keys(), ...forced]);
  for (const name of names) {
    if (skipped.has(name)) continue;
    const setting = byName.get(name);
    const active = forced.has(name) || setting?.enabled === true;
    if (!active) continue;
    const required = forced.has(name) || setting?.required === true || name === 'confirmPassword';
    const value = values[name];
    if (!present(value)) {
      if (required) errors[name] = REQUIRED_KEY;
      continue;
    }
    if (name === 'confirmPassword') {
      if (value !== values.password) errors[name] = INCONSISTENT_TWICE_KEY;
      continue;
    }
    if (setting) {
      const key = checkFieldValue(value, setting);
      if (key) errors[name] = key;
    }
  }
  return errors;
}

/** The password rule alone (change and reset forms): the 'password' field's setting, if any. */
export function checkPasswordRule(
  password: string,
  settings: readonly RegisterFieldSetting[],
): string | null {
  if (password === '') return REQUIRED_KEY;
  const setting = settings.find((s) => s.name === 'password');
  return setting ? checkFieldValue(password, setting) : null;
}
