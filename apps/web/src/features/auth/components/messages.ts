import type { RegisterFieldSetting } from '@banca/contract';
import { lengthRangeLabel } from '@banca/contract';
import { hasKey, t, type TKey } from '@/i18n';

/** A national mobile number (without the dialing code) and an SMS or e-mail code. */
export const MOBILE_RE = /^\d{6,15}$/;
export const CODE_RE = /^\d{4,8}$/;

/**
 * The text of a field error code, from the client rules (validateRegisterFields) or the server's
 * `value.fields`: `reg_pattern_{id}` with the field's length range inserted (one number when min
 * equals max), the spec's keys (required, inconsistent_twice) and the auth error codes.
 */
export const fieldErrorText = (
  code: string,
  setting?: Pick<RegisterFieldSetting, 'minLength' | 'maxLength'>,
) => {
  if (code.startsWith('reg_pattern_')) {
    const range = setting ? lengthRangeLabel(setting.minLength, setting.maxLength) : '';
    const key = hasKey(code) ? code : 'reg_pattern_0';
    const text = t(key as TKey, { range });
    // Without a known range, drop the empty "( characters)" part.
    return setting ? text : text.replace(/\s*\(\s*\S*\s*\)/, '').replace(/\s{2,}/g, ' ');
  }
  const key = `fieldError.${code}`;
  return hasKey(key) ? t(key) : t('fieldError.invalid');
};

/** The server's field errors as texts, keyed by field name. */
export const fieldErrorTexts = (
  fields: Record<string, string>,
  settings: readonly RegisterFieldSetting[] = [],
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).map(([name, code]) => [
      name,
      fieldErrorText(
        code,
        settings.find((s) => s.name === name),
      ),
    ]),
  );
