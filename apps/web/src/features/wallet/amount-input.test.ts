import { describe, expect, it } from 'vitest';
import { countdown, parseAmountInput } from './amount-input';

describe('parseAmountInput', () => {
  it('reads amounts in each language as minor units', () => {
    expect(parseAmountInput('50', 'PT')).toBe(5_000);
    expect(parseAmountInput('1.234,56', 'PT')).toBe(123_456);
    expect(parseAmountInput('1,234.5', 'EN')).toBe(123_450);
    expect(parseAmountInput('0,07', 'PT')).toBe(7);
  });
  it('refuses what is not an amount of cents', () => {
    for (const bad of ['', 'abc', '1,234', '-5', '1.2.3', '10,123', '1e3'])
      expect(parseAmountInput(bad, 'PT')).toBeNull();
    expect(parseAmountInput('1.234', 'EN')).toBeNull();
  });
});

describe('countdown', () => {
  it('shows minutes and seconds, hours when there are any, never below zero', () => {
    expect(countdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(-5)).toBe('00:00');
  });
});
