import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mobileNumSchema, verificationCodeSchema, type RegisterFieldSetting } from '@banca/contract';
import { ensureMoreMessages, t } from '@/i18n';
import { changePasswordSchema, forgotPasswordSchema, loginFormSchema } from './form-schemas';

beforeEach(async () => {
  await ensureMoreMessages();
});

const smsLogin = (mobile: string, code = '123456') =>
  loginFormSchema(false).safeParse({ type: 'sms', mobile, dial: '+55', code });
const phoneReset = (mobileNum: string, verificationCode = '123456') =>
  forgotPasswordSchema([]).safeParse({ tab: 'phone', mobileNum, verificationCode, newPassword: 'Secret1!' });

describe('auth form schemas', () => {
  it('accept every mobile number and code the server accepts, and refuse the rest', () => {
    // The web used to ask 6-15 digits while the server takes 4-20.
    for (const mobile of ['1234', '12345', '9'.repeat(16), '9'.repeat(20)]) {
      expect(mobileNumSchema.safeParse(mobile).success).toBe(true);
      expect(smsLogin(mobile).success).toBe(true);
      expect(phoneReset(mobile).success).toBe(true);
    }
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{0,24}$/), fc.string({ maxLength: 24 })), (value) => {
        expect(smsLogin(value).success).toBe(mobileNumSchema.safeParse(value).success);
        expect(phoneReset(value).success).toBe(mobileNumSchema.safeParse(value).success);
        expect(smsLogin('1234567', value).success).toBe(verificationCodeSchema.safeParse(value).success);
      }),
    );
  });

  it("say what is wrong under each field, in the form's words", () => {
    const result = smsLogin('123', 'x');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mobile', t('auth.enterMobile')],
      ['code', t('auth.enterCode')],
    ]);
    const login = loginFormSchema(true).safeParse({
      type: 'username',
      username: ' ',
      password: '',
      captcha: ' ',
    });
    expect(login.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', t('auth.enterUsername')],
      ['password', t('auth.enterPassword')],
      ['captcha', t('auth.enterCaptcha')],
    ]);
  });

  it('check a new password by the merchant rule and its confirmation together', () => {
    const rule: RegisterFieldSetting = {
      name: 'password',
      enabled: true,
      required: true,
      patternId: 5,
      acceptedPattern: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
      minLength: 8,
      maxLength: 20,
    } as RegisterFieldSetting;
    const result = changePasswordSchema([rule], false).safeParse({
      oldPassword: '',
      newPassword: 'abc',
      confirmNewPassword: 'abd',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'oldPassword',
      'newPassword',
      'confirmNewPassword',
    ]);
    expect(
      changePasswordSchema([rule], true).safeParse({
        newPassword: 'Abcdef1!',
        confirmNewPassword: 'Abcdef1!',
      }).success,
    ).toBe(true);
  });
});
