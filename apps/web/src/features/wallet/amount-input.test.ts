import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amount-input';

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
