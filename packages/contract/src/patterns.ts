/**
 * Validation pattern families of spec section 5. A register field's config names one by `patternId`
 * and carries its `acceptedPattern` (a regular-expression source; '*' alone means anything, read as
 * '.*'). Messages are keyed `reg_pattern_{patternId}`. Both web and server test values with
 * `matchesAcceptedPattern`, so they agree by construction.
 */
export const PATTERN_FAMILIES = {
  /** Letters first, then digits (e.g. usernames: "abc123"). */
  1: '^[A-Za-z]+[0-9]*$',
  /** Letters and digits only, any order. */
  2: '^[A-Za-z0-9]+$',
  /** Digits only. */
  3: '^[0-9]+$',
  /** At least one uppercase letter. */
  4: '^(?=.*[A-Z]).+$',
  /** Upper case, lower case, digit and symbol. */
  5: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
  /** No spaces. */
  6: '^\\S+$',
  /** English letters and spaces. */
  7: '^[A-Za-z ]+$',
  /** Korean only. */
  8: '^[\\uAC00-\\uD7A3\\u1100-\\u11FF\\u3130-\\u318F]+$',
  /** Thai only. */
  9: '^[\\u0E00-\\u0E7F]+$',
  /** Japanese full-width (kana, kanji and full-width forms). */
  10: '^[\\u3000-\\u303F\\u3040-\\u309F\\u30A0-\\u30FF\\uFF00-\\uFFEF\\u4E00-\\u9FAF]+$',
  /** Full name: at least two words separated by a space. */
  11: '^\\S+( \\S+)+$',
  /** Date yyyy-MM-dd. */
  12: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  /** Date MM-dd-yyyy. */
  13: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  /** E-mail address. */
  14: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  /** Anything. */
  0: '.*',
} as const;

export type PatternId = keyof typeof PATTERN_FAMILIES;

/** Reads an acceptedPattern as the spec says: '*' becomes '.*'. */
export const acceptedPatternToRegExp = (acceptedPattern: string): RegExp => {
  // Only a lone '*' is the wildcard: inside a pattern '*' is the regular quantifier.
  const source = acceptedPattern.trim() === '*' ? '.*' : acceptedPattern;
  return new RegExp(source.startsWith('^') ? source : `^(?:${source})$`, 'u');
};

export const matchesAcceptedPattern = (value: string, acceptedPattern: string): boolean =>
  acceptedPatternToRegExp(acceptedPattern).test(value);

/** Message key for a pattern failure. */
export const patternMessageKey = (patternId: number): string => `reg_pattern_${patternId}`;

/** "6-20" or, when min equals max, "11" — the range inserted into pattern messages. */
export const lengthRangeLabel = (min: number, max: number): string =>
  min === max ? `${min}` : `${min}-${max}`;
