import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/api';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { fieldErrorText, mapServerError } from './server-errors';

beforeEach(async () => {
  await ensureMoreMessages();
});
afterEach(async () => {
  await setLanguage('PT', false);
});

const invalid = (fields: Record<string, string>, code = 'invalid_input', message = 'Invalid input') =>
  new ApiError(code, 400, message, fields);

describe('mapServerError', () => {
  it("puts each field error of value.fields under its field, in the form's order, with its range", () => {
    const mapped = mapServerError(invalid({ password: 'reg_pattern_5', username: 'username_exists' }), {
      fields: ['username', 'password', 'confirmPassword'],
      settings: [{ name: 'password', minLength: 8, maxLength: 20 }],
    });
    expect(mapped).toEqual({
      fields: {
        username: fieldErrorText('username_exists'),
        password: fieldErrorText('reg_pattern_5', { minLength: 8, maxLength: 20 }),
      },
      alert: null,
    });
    expect(Object.keys(mapped.fields)).toEqual(['username', 'password']);
    expect(mapped.fields.password).toMatch(/8-20/);
  });

  it('shows the message in the alert when no field of the form takes the error', () => {
    expect(mapServerError(invalid({ qqNum: 'required' }), { fields: ['username'] })).toEqual({
      fields: {},
      alert: 'Invalid input',
    });
    expect(
      mapServerError(new ApiError('maintenance', 503, 'Em manutenção'), { fields: ['username'] }),
    ).toEqual({ fields: {}, alert: 'Em manutenção' });
  });

  it('says unknown error for a failure that is not the gateway envelope', () => {
    expect(mapServerError(new TypeError('boom'), { fields: ['username'] })).toEqual({
      fields: {},
      alert: t('unknown_error'),
    });
  });

  it("moves an aliased field's error under the shown field, the field's own error first", () => {
    const options = { fields: ['mobileNum'] as const, aliases: { countryDialingCode: 'mobileNum' as const } };
    expect(mapServerError(invalid({ countryDialingCode: 'invalid' }), options).fields).toEqual({
      mobileNum: fieldErrorText('invalid'),
    });
    expect(
      mapServerError(invalid({ countryDialingCode: 'invalid', mobileNum: 'mobile_exists' }), options).fields,
    ).toEqual({ mobileNum: fieldErrorText('mobile_exists') });
  });

  it("puts an error code that names a field under it with the server's message", () => {
    const options = {
      fields: ['sms', 'email'] as const,
      codes: { sms_code_invalid: 'sms' as const, email_code_invalid: 'email' as const },
    };
    expect(mapServerError(new ApiError('email_code_invalid', 400, 'Código errado'), options)).toEqual({
      fields: { email: 'Código errado' },
      alert: null,
    });
    // A code for a field the form does not show stays in the alert.
    expect(
      mapServerError(new ApiError('sms_code_invalid', 400, 'Código errado'), {
        ...options,
        fields: ['email'],
      }),
    ).toEqual({ fields: {}, alert: 'Código errado' });
  });
});
