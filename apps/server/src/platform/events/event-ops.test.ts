import { operatorRoutes, type EventConsumers } from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { defineEvent, recordEvent } from './event-catalogue.ts';

let t: OpsTestServer;
let admin: { token: string; username: string };
let support: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  [admin, support] = await Promise.all([t.operator('admin'), t.operator('support')]);
});
afterAll(() => t?.close());

const LIVE = 'wallet.live-balance';
/**
 * The wallet's balance event by its name (platform code never imports a module's): what the live
 * balance consumer handles without fault, pushing it to the member's open pages (none here).
 */
const balanceChanged = defineEvent<{
  memberId: number;
  currency: string;
  wallet: string;
  balance: number;
  kind: string;
  transferId: number;
}>('wallet.balance-changed');
const state = async (): Promise<EventConsumers> => {
  const res = await t.ops(operatorRoutes.eventConsumers.path, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.value as EventConsumers;
};
const redrive = (body: unknown, token = admin.token) =>
  t.ops(operatorRoutes.redriveEvents.path, { method: 'POST', token, body });

/**
 * An event of a real consumer that its handler takes without fault, recorded and handled, then
 * marked dead for that consumer as the dispatcher does after its last try (what the test cannot
 * wait for: five tries with backoff).
 */
async function deadLetter(memberId: number, error: string): Promise<number> {
  const db = t.database.db;
  const id = await recordEvent(
    db,
    balanceChanged,
    { memberId, currency: 'BRL', wallet: 'MAIN', balance: 100, kind: 'ADJUSTMENT', transferId: 1 },
    { key: memberId },
  );
  await t.server.app.events.drain();
  await sql`insert into event_dead_letter (consumer, event_id, status, attempts, last_error, dead_at)
    values (${LIVE}, ${id}, 'dead', 5, ${error}, now())`.execute(db);
  return id;
}

describe('GET /ops/system/events and POST /ops/system/events/redrive', () => {
  it("shows every consumer's lag and dead letters, and a re-drive runs them again, audited", async () => {
    const before = await state();
    expect(before.consumers.map((c) => c.consumer)).toEqual(t.server.app.events.consumers);
    expect(before.consumers.find((c) => c.consumer === LIVE)).toMatchObject({
      lagSeconds: 0,
      deadLetters: 0,
      redriving: 0,
      retrying: [],
    });

    const first = await deadLetter(900_001, 'live channel closed');
    const second = await deadLetter(900_002, 'live channel closed again');
    const dead = await state();
    expect(dead.consumers.find((c) => c.consumer === LIVE)).toMatchObject({ deadLetters: 2 });
    expect(dead.deadLetters).toEqual([
      expect.objectContaining({
        consumer: LIVE,
        eventId: second,
        event: 'wallet.balance-changed',
        key: '900002',
        status: 'dead',
        attempts: 5,
        lastError: 'live channel closed again',
        resolvedAt: null,
      }),
      expect.objectContaining({ eventId: first, status: 'dead' }),
    ]);

    // One of them: it waits for the next pass, then the pass runs it and it is resolved.
    const one = await redrive({ consumer: LIVE, eventIds: [first], reason: 'Live channel is back' });
    expect(one.status).toBe(200);
    expect(one.body.value).toEqual({ consumer: LIVE, requested: 1 });
    const waiting = await state();
    expect(waiting.consumers.find((c) => c.consumer === LIVE)).toMatchObject({
      deadLetters: 1,
      redriving: 1,
    });
    expect(waiting.deadLetters.map((d) => [d.eventId, d.status])).toEqual([
      [second, 'dead'],
      [first, 'redrive'],
    ]);
    await t.server.app.events.drain();
    const resolved = await state();
    expect(resolved.deadLetters.find((d) => d.eventId === first)).toMatchObject({
      status: 'redriven',
      resolvedAt: expect.any(String),
    });

    // The rest: all of the consumer's dead letters.
    expect((await redrive({ consumer: LIVE, reason: 'All of them' })).body.value).toEqual({
      consumer: LIVE,
      requested: 1,
    });
    await t.server.app.events.drain();
    const after = await state();
    expect(after.consumers.find((c) => c.consumer === LIVE)).toMatchObject({ deadLetters: 0, redriving: 0 });
    expect(after.deadLetters.every((d) => d.status === 'redriven')).toBe(true);

    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.events.redrive`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: admin.username,
        subjectType: 'event_consumer',
        subjectId: LIVE,
        after: { status: 'redrive', requested: 1 },
        reason: 'All of them',
      }),
      expect.objectContaining({
        before: { status: 'dead', eventIds: [first] },
        reason: 'Live channel is back',
      }),
    ]);
  });

  it('shows a consumer retrying a failing event, with its error and next try', async () => {
    const next = new Date(Date.now() + 3_600_000);
    await sql`update event_cursor set attempts = 2, last_error = 'rollup table locked', next_attempt_at = ${next}
      where consumer = 'reports.rollups' and partition = 3`.execute(t.database.db);
    try {
      const rollups = (await state()).consumers.find((c) => c.consumer === 'reports.rollups');
      expect(rollups?.retrying).toEqual([
        { partition: 3, attempts: 2, lastError: 'rollup table locked', nextAttemptAt: next.toISOString() },
      ]);
    } finally {
      await sql`update event_cursor set attempts = 0, last_error = null, next_attempt_at = now()
        where consumer = 'reports.rollups' and partition = 3`.execute(t.database.db);
    }
  });

  it('refuses what would change nothing, other roles and bad input, and audits none of it', async () => {
    expectFailure(await redrive({ consumer: LIVE, reason: 'Nothing left' }), 409, 'dead_letters_none');
    expectFailure(
      await redrive({ consumer: LIVE, eventIds: [999_999_999], reason: 'Unknown event' }),
      409,
      'dead_letters_none',
    );
    expectFailure(
      await redrive({ consumer: 'nobody.here', reason: 'Unknown consumer' }),
      404,
      'event_consumer_not_found',
    );
    expectFailure(await redrive({ consumer: LIVE }), 400, 'invalid_input');
    expectFailure(await redrive({ consumer: LIVE, reason: 'ok', eventIds: [] }), 400, 'invalid_input');
    expectFailure(await redrive({ consumer: 'DROP TABLE', reason: 'bad name' }), 400, 'invalid_input');
    expectFailure(await redrive({ consumer: LIVE, reason: 'extra', more: 1 }), 400, 'invalid_input');
    expectFailure(
      await redrive({ consumer: LIVE, reason: 'Support may not' }, support.token),
      403,
      'forbidden',
    );
    expectFailure(
      await t.ops(operatorRoutes.eventConsumers.path, { token: support.token }),
      403,
      'forbidden',
    );
    expectFailure(await t.ops(operatorRoutes.eventConsumers.path, { token: 'nope' }), 401, 'not_logged_in');
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.events.redrive`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toHaveLength(2); // the first test's re-drives only
  });
});
