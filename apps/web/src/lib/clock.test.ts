import { describe, expect, it } from 'vitest';
import { countdown, shiftDay } from './clock';

describe('countdown', () => {
  it('shows minutes and seconds, hours when needed, never below zero', () => {
    expect(countdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(-5)).toBe('00:00');
  });
});

describe('shiftDay', () => {
  it('moves a calendar day across month and year ends, with no zone involved', () => {
    expect(shiftDay('2026-03-10', 1)).toBe('2026-03-11');
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('10/03/2026', 1)).toBeUndefined();
  });
});
