import { randomBytes } from 'node:crypto';
import type { RegisterFieldSetting } from '@banca/contract';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../database.ts';
import type { MemberDeps } from '../modules/member/index.ts';
import { sessionsForMembers, type AuthDeps } from '../modules/session/index.ts';
import type { AuthFlags } from '../modules/system/index.ts';
import type { VerificationDeps } from '../modules/verification/index.ts';
import { paymentPasswordsForMembers } from '../modules/wallet/index.ts';
import { hashCaptchaAnswer } from '../platform/captcha/captcha.ts';
import { hashPassword } from '../platform/crypto/password.ts';
import type { RequestContext } from '../platform/http/request-context.ts';
import { asOutboxDb, listOutboxMessages } from '../platform/providers/outbox.repository.ts';
import { SandboxEmailProvider, SandboxSmsProvider } from '../platform/providers/sandbox-providers.ts';
import { createAuthLimits, type AuthLimitName } from '../platform/rate-limit/auth-limits.ts';
import type { RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';

type NewMember = Insertable<Database['member']>;

/**
 * Test-only wiring of the account services (verification, member, session) on a real database with
 * sandbox providers, as app.ts wires them. Test data (members, captchas) is written straight to the
 * tables, like a seed: it sets up a state, it is not a flow under test.
 */
export const DEFAULT_FLAGS: AuthFlags = {
  siteName: 'Banca',
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: false,
  MOBREGPASS3: false,
  FREEPLAY3: true,
  CHNGPASSVERIF3: true,
  MOBCODELOGIN3: true,
  PWDEXPIRY3: false,
  vip: { enabled: true, labelName: 'VIP' },
  socialLogin: { google: false, facebook: false },
};

const field = (
  name: RegisterFieldSetting['name'],
  over: Partial<RegisterFieldSetting> = {},
): RegisterFieldSetting => ({
  name,
  enabled: true,
  required: true,
  patternId: 0,
  acceptedPattern: '*',
  minLength: 0,
  maxLength: 64,
  ...over,
});

export const DEFAULT_REGISTER_SETTINGS: RegisterFieldSetting[] = [
  field('username', { patternId: 1, acceptedPattern: '^[A-Za-z]+[0-9]*$', minLength: 4, maxLength: 16 }),
  field('password', { patternId: 2, acceptedPattern: '^[A-Za-z0-9]+$', minLength: 6, maxLength: 20 }),
  field('confirmPassword'),
  field('email', {
    required: false,
    patternId: 14,
    acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    maxLength: 64,
  }),
  field('mobileNum', {
    required: false,
    patternId: 3,
    acceptedPattern: '^[0-9]+$',
    minLength: 8,
    maxLength: 11,
  }),
  field('affiliateCode', { required: false }),
  field('captcha', { enabled: false, required: false }),
];

export interface Fixture {
  deps: AuthDeps & MemberDeps & VerificationDeps;
  ctx: RequestContext;
  flags: AuthFlags;
  registerSettings: RegisterFieldSetting[];
  /** Moves the test clock. */
  advance(ms: number): void;
  /** The newest message in the sandbox outbox for a recipient. */
  lastMessage(recipient: string): Promise<string | undefined>;
  /** The last 6-digit code sent to a recipient. */
  lastCode(recipient: string): Promise<string>;
  createMember(row: Partial<NewMember> & { password?: string }): Promise<{ id: number; account: string }>;
  /** A captcha whose answer the test knows. */
  knownCaptcha(answer?: string): Promise<{ captchaId: string; captcha: string }>;
}

export function makeFixture(
  db: Db,
  opts: {
    flags?: Partial<AuthFlags>;
    limits?: Partial<Record<AuthLimitName, Partial<Omit<RateLimitRule, 'name'>>>>;
  } = {},
): Fixture {
  // A fresh merchant per fixture keeps tests sharing one database independent.
  const merchantCode = `m_${randomBytes(4).toString('hex')}`;
  let now = new Date('2025-06-01T12:00:00Z');
  const flags = { ...DEFAULT_FLAGS, ...opts.flags };
  const registerSettings = [...DEFAULT_REGISTER_SETTINGS];
  const outbox = asOutboxDb(db);
  const deps: Fixture['deps'] = {
    db,
    limits: createAuthLimits({ kind: 'memory', keyPrefix: merchantCode }, opts.limits),
    sms: new SandboxSmsProvider(outbox),
    email: new SandboxEmailProvider(outbox),
    settings: { flags: async () => flags, registerSettings: async () => registerSettings },
    clock: () => now,
    sessions: sessionsForMembers,
    paymentPasswords: paymentPasswordsForMembers,
  };
  const lastMessage = async (recipient: string) =>
    (await listOutboxMessages(outbox, { recipient: recipient.toLowerCase(), limit: 1 }))[0]?.body;
  return {
    deps,
    ctx: { merchantCode, ip: '203.0.113.10', userAgent: 'vitest' },
    flags,
    registerSettings,
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
    lastMessage,
    lastCode: async (recipient) => {
      const body = (await lastMessage(recipient)) ?? '';
      const m = /\b(\d{6})\b/.exec(body);
      if (!m) throw new Error(`no code sent to ${recipient}`);
      return m[1]!;
    },
    createMember: async ({ password, ...row }) => {
      const m = await db
        .insertInto('member')
        .values({
          merchant_code: merchantCode,
          account: row.account ?? `user${randomBytes(3).toString('hex')}`,
          password_hash: password ? await hashPassword(password) : null,
          ...row,
        })
        .returning(['id', 'account'])
        .executeTakeFirstOrThrow();
      return { id: m.id, account: m.account };
    },
    knownCaptcha: async (answer = 'AbCd') => {
      const captchaId = randomBytes(16).toString('base64url');
      await db
        .insertInto('captcha')
        .values({
          id: captchaId,
          answer_hash: hashCaptchaAnswer(captchaId, answer),
          created_at: now,
          expires_at: new Date(now.getTime() + 120_000),
        })
        .execute();
      return { captchaId, captcha: answer };
    },
  };
}

/** Runs a promise expected to fail with an AuthError and returns { code, value, status }. */
export async function failure(
  p: Promise<unknown>,
): Promise<{ code: string; value: unknown; status: number }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: string; value?: unknown; status?: number };
    if (typeof e.code === 'string') return { code: e.code, value: e.value, status: e.status ?? 0 };
    throw err;
  }
  throw new Error('expected a failure, got success');
}
