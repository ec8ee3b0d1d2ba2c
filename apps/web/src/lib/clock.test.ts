import { describe, expect, it } from 'vitest';
import { countdown } from './clock';

describe('countdown', () => {
  it('shows minutes and seconds, hours when needed, never below zero', () => {
    expect(countdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(-5)).toBe('00:00');
  });
});
