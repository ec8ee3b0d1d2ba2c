import { describe, expect, it } from 'vitest';
import { queryId, queryInteger } from './query-number.ts';

describe('query numbers', () => {
  it('take decimal digits within the bounds', () => {
    expect(queryId().parse('1')).toBe(1);
    expect(queryInteger(1, 200).parse('200')).toBe(200);
    expect(queryId().parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuse what Number() would take but a person did not write as a whole number', () => {
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '-1',
      '0x1f',
      '1e3',
      '1.0',
      '1,0',
      '0',
      '٣',
      '9007199254740992',
    ])
      expect(queryId().safeParse(text).success, JSON.stringify(text)).toBe(false);
    expect(queryInteger(1, 200).safeParse('201').success).toBe(false);
  });
});
