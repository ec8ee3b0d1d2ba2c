import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mobileNumSchema, verificationCodeSchema } from './auth/auth.schemas.ts';
import { forgotPasswordEmailBodySchema } from './member/member.schemas.ts';
import { FIELD_RULES, isEmail, isMobileNum, isVerificationCode } from './field-rules.ts';

const digitsOrNot = fc.oneof(
  fc.stringMatching(/^\d{0,24}$/),
  fc.string({ maxLength: 24 }),
  fc.stringMatching(/^[+ ]?\d{2,12}[- ]?\d{0,10}$/),
);

describe('field rules', () => {
  it('mobile numbers: 4 to 20 digits, nothing else', () => {
    for (const ok of ['1234', '11987654321', '9'.repeat(20)]) expect(isMobileNum(ok)).toBe(true);
    for (const bad of ['', '123', '9'.repeat(21), '+5511987654321', '11 98765-4321', '１２３４'])
      expect(isMobileNum(bad)).toBe(false);
  });

  it('codes: 4 to 8 digits', () => {
    for (const ok of ['1234', '12345678']) expect(isVerificationCode(ok)).toBe(true);
    for (const bad of ['123', '123456789', '12a4']) expect(isVerificationCode(bad)).toBe(false);
  });

  it('the server schemas accept exactly what the rules accept', () => {
    fc.assert(
      fc.property(digitsOrNot, (value) => {
        expect(mobileNumSchema.safeParse(value).success).toBe(isMobileNum(value));
        expect(verificationCodeSchema.safeParse(value).success).toBe(isVerificationCode(value));
      }),
    );
  });

  it('e-mail: pattern family 14 within 3-254 characters, on the forgot-password body too', () => {
    expect(isEmail('ana@mail.example')).toBe(true);
    for (const bad of ['ana', 'ana@mail', 'a b@mail.example', `${'a'.repeat(250)}@b.cd`])
      expect(isEmail(bad)).toBe(false);
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 40 })), (email) => {
        const body = forgotPasswordEmailBodySchema.safeParse({ username: 'ana', email });
        expect(body.success).toBe(isEmail(email.trim()));
      }),
    );
    expect(FIELD_RULES.email.maxLength).toBe(254);
  });
});
