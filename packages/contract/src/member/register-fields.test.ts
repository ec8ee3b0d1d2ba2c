import { describe, expect, it } from 'vitest';
import { PATTERN_FAMILIES, type PatternId } from '../patterns.ts';
import type { RegisterField, RegisterFieldSetting } from '../system/system.schemas.ts';
import { checkPasswordRule, validateRegisterFields } from './register-fields.ts';

const setting = (name: RegisterField, over: Partial<RegisterFieldSetting> = {}): RegisterFieldSetting => ({
  name,
  enabled: true,
  required: true,
  patternId: 0,
  acceptedPattern: '*',
  minLength: 0,
  maxLength: 64,
  ...over,
});

const family = (id: PatternId, min = 0, max = 64) => ({
  patternId: id,
  acceptedPattern: PATTERN_FAMILIES[id],
  minLength: min,
  maxLength: max,
});

/** A typical merchant: username letters-then-digits 6-16, password letters and digits 6-20. */
const settings: RegisterFieldSetting[] = [
  setting('username', family(1, 6, 16)),
  setting('password', family(2, 6, 20)),
  setting('confirmPassword'),
  setting('email', { ...family(14, 5, 64), required: false }),
  setting('payeeName', { ...family(11, 3, 40), enabled: false }),
  setting('mobileNum', { ...family(3, 11, 11), required: false }),
];

describe('validateRegisterFields', () => {
  it('accepts a valid username-mode form', () => {
    const errors = validateRegisterFields(
      { username: 'maria2024', password: 'abc123', confirmPassword: 'abc123' },
      settings,
      'username',
    );
    expect(errors).toEqual({});
  });

  it('requires enabled+required fields and the mode’s own fields, with the required key', () => {
    expect(validateRegisterFields({}, settings, 'username')).toEqual({
      username: 'required',
      password: 'required',
      confirmPassword: 'required',
    });
  });

  it("refuses a confirmation that differs with 'inconsistent_twice'", () => {
    const errors = validateRegisterFields(
      { username: 'maria2024', password: 'abc123', confirmPassword: 'abc124' },
      settings,
      'username',
    );
    expect(errors).toEqual({ confirmPassword: 'inconsistent_twice' });
  });

  it('keys pattern and length failures by patternId', () => {
    const errors = validateRegisterFields(
      {
        username: '1maria',
        password: 'abc',
        confirmPassword: 'abc',
        email: 'not-an-email',
        mobileNum: '123',
      },
      settings,
      'username',
    );
    expect(errors).toEqual({
      username: 'reg_pattern_1',
      password: 'reg_pattern_2',
      email: 'reg_pattern_14',
      mobileNum: 'reg_pattern_3',
    });
  });

  it('ignores disabled fields and empty optional ones', () => {
    const errors = validateRegisterFields(
      { username: 'maria2024', password: 'abc123', confirmPassword: 'abc123', payeeName: 'x', email: '' },
      settings,
      'username',
    );
    expect(errors).toEqual({});
  });

  it('mobile mode requires the mobile number, and password and code only by flag', () => {
    expect(validateRegisterFields({}, settings, 'mobile')).toEqual({ mobileNum: 'required' });
    expect(validateRegisterFields({ mobileNum: '11987654321' }, settings, 'mobile')).toEqual({});
    expect(
      validateRegisterFields({ mobileNum: '11987654321' }, settings, 'mobile', {
        mobileWithPassword: true,
        smsVerification: true,
      }),
    ).toEqual({ password: 'required', confirmPassword: 'required', verificationCode: 'required' });
  });

  it('counts length in characters, not UTF-16 units', () => {
    const korean = [setting('nickname', family(8, 2, 3))];
    expect(validateRegisterFields({ nickname: '한국어' }, korean, 'mobile')).toEqual({
      mobileNum: 'required',
    });
    expect(validateRegisterFields({ nickname: '한국어요', mobileNum: '1' }, korean, 'mobile')).toEqual({
      nickname: 'reg_pattern_8',
    });
  });

  it('refuses a value when the operator’s pattern is not a valid regular expression', () => {
    const broken = [setting('username', { acceptedPattern: '([a-z' }), setting('password')];
    expect(validateRegisterFields({ username: 'abc', password: 'x' }, broken, 'username')).toEqual({
      username: 'reg_pattern_0',
    });
  });

  // Every pattern family of spec section 5, through the same helper the server uses.
  it.each([
    [1, 'abc123', 'ab1c'],
    [2, 'a1b2C3', 'a_b'],
    [3, '0123456789', '12a'],
    [4, 'abcD', 'abcd'],
    [5, 'Abc1!', 'Abc12'],
    [6, 'no-spaces', 'has space'],
    [7, 'John Smith', 'John3'],
    [8, '한국어', 'korean'],
    [9, 'ภาษาไทย', 'thai'],
    [10, 'カタカナ', 'katakana'],
    [11, 'Maria Silva', 'Maria'],
    [12, '2024-02-29', '29-02-2024'],
    [13, '02-29-2024', '2024-02-29'],
    [14, 'a@b.co', 'a@b'],
    [0, 'anything at all', ''],
  ] as const)('pattern family %i accepts %j and refuses %j', (id, good, bad) => {
    const rules = [setting('nickname', family(id, 1, 32))];
    expect(validateRegisterFields({ nickname: good, mobileNum: '1' }, rules, 'mobile')).toEqual({});
    const expected = bad === '' ? 'required' : `reg_pattern_${id}`;
    expect(validateRegisterFields({ nickname: bad, mobileNum: '1' }, rules, 'mobile')).toEqual({
      nickname: expected,
    });
  });

  it('covers every family listed in PATTERN_FAMILIES', () => {
    expect(
      Object.keys(PATTERN_FAMILIES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});

describe('checkPasswordRule', () => {
  it('applies the password field setting alone', () => {
    expect(checkPasswordRule('abc123', settings)).toBeNull();
    expect(checkPasswordRule('ab', settings)).toBe('reg_pattern_2');
    expect(checkPasswordRule('', settings)).toBe('required');
    expect(checkPasswordRule('anything', [])).toBeNull();
  });
});
