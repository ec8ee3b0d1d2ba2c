import { describe, expect, it } from 'vitest';
import {
  acceptedPatternToRegExp,
  lengthRangeLabel,
  matchesAcceptedPattern,
  PATTERN_FAMILIES,
  patternMessageKey,
} from './patterns.ts';

describe('accepted patterns', () => {
  it("reads '*' as anything", () => {
    expect(matchesAcceptedPattern('', '*')).toBe(true);
    expect(matchesAcceptedPattern('any thing 123 ç', '*')).toBe(true);
  });

  it('anchors an unanchored pattern so it must match the whole value', () => {
    expect(matchesAcceptedPattern('abc', '[a-z]+')).toBe(true);
    expect(matchesAcceptedPattern('abc1', '[a-z]+')).toBe(false);
  });

  it("keeps '*' inside a pattern as the regular quantifier", () => {
    expect(acceptedPatternToRegExp('ab*').test('abbb')).toBe(true);
    expect(acceptedPatternToRegExp('ab*').test('abX')).toBe(false);
  });

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
  ] as const)('pattern family %i accepts %s and refuses %s', (id, good, bad) => {
    const source = PATTERN_FAMILIES[id];
    expect(matchesAcceptedPattern(good, source)).toBe(true);
    expect(matchesAcceptedPattern(bad, source)).toBe(false);
  });

  it('keys messages by pattern id and prints one number when min equals max', () => {
    expect(patternMessageKey(3)).toBe('reg_pattern_3');
    expect(lengthRangeLabel(6, 16)).toBe('6-16');
    expect(lengthRangeLabel(11, 11)).toBe('11');
  });
});
