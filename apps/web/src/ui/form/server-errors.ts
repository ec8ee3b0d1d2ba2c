import type { RegisterFieldSetting } from '@banca/contract';
import { lengthRangeLabel } from '@banca/contract';
import { isApiError } from '@/api';
import { hasKey, t, type TKey } from '@/i18n';

type Setting = Pick<RegisterFieldSetting, 'name' | 'minLength' | 'maxLength'>;

/**
 * The text of a field error code, from the client rules (validateRegisterFields) or the server's
 * `value.fields`: `reg_pattern_{id}` with the field's length range inserted (one number when min
 * equals max), the spec's keys (required, inconsistent_twice) and the auth error codes.
 */
export const fieldErrorText = (code: string, setting?: Pick<Setting, 'minLength' | 'maxLength'>) => {
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

/** Field error codes (name -> code) as texts, each with its field's length range when known. */
export const fieldErrorTexts = (
  fields: Record<string, string>,
  settings: readonly Setting[] = [],
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

export interface ServerErrorOptions<F extends string> {
  /** The fields the form shows, in form order: only these can carry an error. */
  fields: readonly F[];
  /** The merchant's field settings, for the length ranges in pattern messages. */
  settings?: readonly Setting[];
  /** A server field name shown under another of the form's fields (countryDialingCode -> mobileNum). */
  aliases?: Partial<Record<string, F>>;
  /** Error codes that belong under one field with the envelope's message (sms_code_invalid -> code). */
  codes?: Partial<Record<string, F>>;
}

export interface MappedServerError<F extends string> {
  /** Texts under the form's fields, in form order. */
  fields: Partial<Record<F, string>>;
  /** The message above the submit button when no field takes the error; null when one does. */
  alert: string | null;
}

/**
 * The one mapping from a failed call to what a form shows (spec section 2: field errors come back as
 * `value.fields: { name: code }`): each field error under its field, an error code that names a
 * field under that field with the server's message, and anything else as the form's alert.
 */
export function mapServerError<F extends string>(
  error: unknown,
  { fields, settings = [], aliases = {}, codes = {} }: ServerErrorOptions<F>,
): MappedServerError<F> {
  if (!isApiError(error)) return { fields: {}, alert: t('unknown_error') };
  const shown = new Set<string>(fields);
  const texts: Partial<Record<F, string>> = {};
  for (const [name, text] of Object.entries(fieldErrorTexts(error.fields, settings))) {
    const target = shown.has(name) ? (name as F) : aliases[name];
    // The field's own error wins over one carried over from an aliased field.
    if (target && (target === name || texts[target] === undefined)) texts[target] = text;
  }
  const codeField = codes[error.code];
  if (codeField && texts[codeField] === undefined) texts[codeField] = error.message;
  const ordered = Object.fromEntries(
    fields.filter((name) => texts[name] !== undefined).map((name) => [name, texts[name]]),
  ) as Partial<Record<F, string>>;
  return Object.keys(ordered).length
    ? { fields: ordered, alert: null }
    : { fields: {}, alert: error.message };
}
