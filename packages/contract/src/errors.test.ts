import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS, isErrorCode, retryAfterMessage } from './errors.ts';
import { fail, ok } from './envelope.ts';

describe('error catalogue', () => {
  it('gives every code a 4xx/5xx status and both languages', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].PT.length).toBeGreaterThan(0);
      expect(ERROR_MESSAGES[code].EN.length).toBeGreaterThan(0);
      expect(ERROR_MESSAGES[code].PT).not.toBe(ERROR_MESSAGES[code].EN);
    }
  });

  it('uses the spec message keys where the spec has them', () => {
    expect(isErrorCode('in_need_true_account')).toBe(true);
    expect(ERROR_STATUS.in_need_true_account).toBe(403);
    expect(isErrorCode('no_such_code')).toBe(false);
  });

  it('shapes success and failure envelopes', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, code: 'ok', message: '', value: { a: 1 } });
    expect(fail('not_found', 'Não encontrado.')).toEqual({
      success: false,
      code: 'not_found',
      message: 'Não encontrado.',
      value: null,
    });
  });

  it('names the real wait in too_many_requests, in seconds or whole minutes', () => {
    expect(retryAfterMessage(300, 'EN')).toBe('Too many requests, retry after 5 minutes.');
    expect(retryAfterMessage(42, 'EN')).toBe('Too many requests, retry after 42 seconds.');
    expect(retryAfterMessage(61, 'PT')).toBe('Muitas solicitações. Tente novamente em 2 minutos.');
    expect(retryAfterMessage(60, 'PT')).toBe('Muitas solicitações. Tente novamente em 1 minuto.');
  });
});
