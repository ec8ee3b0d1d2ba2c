import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { cleanupExpiredAuthRows } from './session.jobs.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('expired auth rows clean-up', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('removes what expired past its grace period and keeps everything else', async () => {
    const db = database.db;
    const member = await db
      .insertInto('member')
      .values({ merchant_code: 'M1', account: 'cleanup01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const short = (id: string, expiredHoursAgo: number) => ({
      id,
      answer_hash: 'x',
      created_at: hoursAgo(expiredHoursAgo + 1),
      expires_at: hoursAgo(expiredHoursAgo),
    });
    await db
      .insertInto('captcha')
      .values([short('old', 25), short('recent', 23), short('live', -1)])
      .execute();
    const challenge = (id: string, expiredHoursAgo: number) => ({
      id,
      member_id: member.id,
      merchant_code: 'M1',
      ip: '203.0.113.9',
      portal: 'member',
      channels: ['sms' as const],
      created_at: hoursAgo(expiredHoursAgo + 1),
      expires_at: hoursAgo(expiredHoursAgo),
    });
    await db
      .insertInto('login_challenge')
      .values([challenge('ch-old', 48), challenge('ch-live', -1)])
      .execute();
    const code = (recipient: string, expiredHoursAgo: number, challengeId: string | null = null) => ({
      merchant_code: 'M1',
      purpose: 'no_login' as const,
      channel: 'sms' as const,
      recipient,
      challenge_id: challengeId,
      code_hash: 'h',
      created_at: hoursAgo(expiredHoursAgo + 1),
      expires_at: hoursAgo(expiredHoursAgo),
    });
    await db
      .insertInto('verification_code')
      .values([code('+5511900000001', 30), code('+5511900000002', 1), code('+5511900000003', 2, 'ch-live')])
      .execute();
    const session = (hash: string, expiredHoursAgo: number) => ({
      token_hash: hash,
      member_id: member.id,
      merchant_code: 'M1',
      login_type: 'password' as const,
      created_at: hoursAgo(expiredHoursAgo + 12),
      last_seen_at: hoursAgo(expiredHoursAgo + 1),
      expires_at: hoursAgo(expiredHoursAgo),
    });
    await db
      .insertInto('session')
      .values([session('s-old', 24 * 8), session('s-week', 24 * 6), session('s-live', -2)])
      .execute();

    const removed = await cleanupExpiredAuthRows(db, NOW);

    expect(removed).toEqual({
      captcha: 1,
      verification_code: 1,
      login_challenge: 1,
      social_login_state: 0,
      session: 1,
    });
    const ids = async (table: 'captcha' | 'login_challenge') =>
      (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    expect(await ids('captcha')).toEqual(['live', 'recent']);
    expect(await ids('login_challenge')).toEqual(['ch-live']);
    const recipients = await db
      .selectFrom('verification_code')
      .select('recipient')
      .orderBy('recipient')
      .execute();
    expect(recipients.map((r) => r.recipient)).toEqual(['+5511900000002', '+5511900000003']);
    const sessions = await db.selectFrom('session').select('token_hash').orderBy('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).toEqual(['s-live', 's-week']);
    expect(await cleanupExpiredAuthRows(db, NOW)).toEqual({
      captcha: 0,
      verification_code: 0,
      login_challenge: 0,
      social_login_state: 0,
      session: 0,
    });
  });
});
