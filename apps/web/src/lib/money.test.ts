import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from './money';

describe('formatMinorUnits', () => {
  it('writes two decimal places with the language separators', () => {
    expect(formatMinorUnits(123456, 'PT')).toBe('1.234,56');
    expect(formatMinorUnits(123456, 'EN')).toBe('1,234.56');
    expect(formatMinorUnits(0, 'PT')).toBe('0,00');
    expect(formatMinorUnits(5, 'EN')).toBe('0.05');
    expect(formatMinorUnits(-250, 'EN')).toBe('-2.50');
  });

  it('is exact to the cent at the top of the safe range', () => {
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 'EN')).toBe('90,071,992,547,409.91');
  });

  it('refuses what is not an integer amount', () => {
    expect(() => formatMinorUnits(1.5, 'PT')).toThrow(RangeError);
    expect(() => formatMinorUnits(Number.NaN, 'PT')).toThrow(RangeError);
  });
});
