import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { memberRoutes } from '../member/member.routes.ts';
import { registerBodySchema } from '../member/member.schemas.ts';
import {
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  AUTH_ERROR_STATUS,
  authErrorMessage,
  authErrorStatus,
} from './auth.errors.ts';
import { authRoutes } from './auth.routes.ts';
import { loginBodySchema } from './auth.schemas.ts';

describe('auth error catalogue', () => {
  it('gives every code a 4xx status and both languages, without clashing with the base codes', () => {
    for (const code of AUTH_ERROR_CODES) {
      expect(AUTH_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(AUTH_ERROR_STATUS[code]).toBeLessThan(500);
      expect(AUTH_ERROR_MESSAGES[code].PT).not.toBe(AUTH_ERROR_MESSAGES[code].EN);
      expect(ERROR_CODES as string[]).not.toContain(code);
    }
  });

  it('looks up either catalogue', () => {
    expect(authErrorStatus('in_need_true_account')).toBe(403);
    expect(authErrorStatus('account_exists')).toBe(409);
    expect(authErrorMessage('agent_only', 'EN')).toBe('Non-agents cannot log in.');
  });
});

describe('auth and member routes', () => {
  it('marks the spec’s enc calls enc, and only them', () => {
    const all = { ...authRoutes, ...memberRoutes };
    const enc = Object.values(all)
      .filter((r) => r.enc)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(enc).toEqual([
      'POST /wps/member/password',
      'POST /wps/member/password/verification',
      'POST /wps/session/login',
      'POST /wps/session/login/verification',
      'PUT /wps/member/register',
      'PUT /wps/member/register/mobile',
    ]);
    expect(memberRoutes.forgotPasswordEmail.form).toBe(true);
  });

  it('refuses unknown keys and oversized strings', () => {
    expect(loginBodySchema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ username: 'a', password: 'b', admin: true }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'a'.repeat(65), password: 'b' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'a', password: 'b'.repeat(129) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ username: 'x'.repeat(129) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ username: 'maria', registerMethod: 'APP' }).success).toBe(false);
    expect(registerBodySchema.parse({ username: 'maria' }).registerMethod).toBe('WEB');
  });
});
