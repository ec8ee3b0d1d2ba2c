import { describe, expect, it } from 'vitest';
import { formatDecimal, zeroAmount } from './locale';

describe('formatDecimal', () => {
  it('writes odds and multipliers in the language notation, as money is', () => {
    expect(formatDecimal(1.95, 'PT', { min: 2, max: 2 })).toBe('1,95');
    expect(formatDecimal(1.95, 'EN', { min: 2, max: 2 })).toBe('1.95');
    expect(formatDecimal(1.98, 'PT', { min: 4, max: 4 })).toBe('1,9800');
    expect(formatDecimal(1.96, 'PT')).toBe('1,96');
  });
  it('gives the empty amount placeholder per language', () => {
    expect(zeroAmount('PT')).toBe('0,00');
    expect(zeroAmount('EN')).toBe('0.00');
  });
});
