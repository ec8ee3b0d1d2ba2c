import { describe, expect, it } from 'vitest';
import { countdown, parseAmountInput } from './amount-input';

describe('parseAmountInput', () => {
  it('reads reais with either decimal separator into centavos', () => {
    expect(parseAmountInput('50')).toBe(5_000);
    expect(parseAmountInput('50,5')).toBe(5_050);
    expect(parseAmountInput(' 1234.56 ')).toBe(123_456);
    expect(parseAmountInput('0,01')).toBe(1);
  });

  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      '0',
      '0,00',
      '1,234',
      '1.234,56',
      '-5',
      '5e3',
      'abc',
      '1,2,3',
      '99999999999999',
    ]) {
      expect(parseAmountInput(text), text).toBeUndefined();
    }
  });
});

describe('countdown', () => {
  it('shows minutes and seconds, hours when needed, never below zero', () => {
    expect(countdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(-5)).toBe('00:00');
  });
});
