import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amount-input';

describe('parseAmountInput', () => {
  it('reads PT and EN amounts as minor units without floats', () => {
    expect(parseAmountInput('12', ',')).toBe(1200);
    expect(parseAmountInput('12,5', ',')).toBe(1250);
    expect(parseAmountInput('1.234,56', ',')).toBe(123456);
    expect(parseAmountInput('0,07', ',')).toBe(7);
    expect(parseAmountInput('1,234.56', '.')).toBe(123456);
    expect(parseAmountInput(' 0.1 ', '.')).toBe(10);
  });
  it('refuses what is not an amount with at most two decimals', () => {
    expect(parseAmountInput('-1', ',')).toBeNull();
    expect(parseAmountInput('1,234', ',')).toBeNull();
    expect(parseAmountInput('1e3', '.')).toBeNull();
    expect(parseAmountInput('abc', '.')).toBeNull();
    expect(parseAmountInput('', '.')).toBeNull();
    expect(parseAmountInput('1,234', ',')).toBeNull();
    expect(parseAmountInput('0,001', ',')).toBeNull();
  });
});
