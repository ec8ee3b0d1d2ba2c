/**
 * Platform messages end to end over HTTP: the gateway's own messages written from real events by the
 * real dispatcher (welcome, deposit, payout, bonus; a second delivery writes nothing), operator
 * messages to one member and to every member (a member registered after a broadcast does not get
 * it), the inbox in both languages, read, read all, delete, withdraw, the audit, and bad input
 * refused with a code, changing nothing. Role refusals are walked in the role-matrix test.
 */
import { authRoutes, loginValueSchema, messagesCalls, TRIAL_TYPE } from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, type EventType } from '../../platform/events/event-catalogue.ts';
import { freshIp, freshUsername, insertAccounts, loginFreshAccount } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { memberRegistered } from '../member/index.ts';
import { walletBonusCredited, walletDepositCredited, walletWithdrawalPaid } from '../wallet/index.ts';

let t: OpsTestServer;
let support: string;
let admin: string;

beforeAll(async () => {
  t = await startOpsTestServer();
  support = (await t.operator('support')).token;
  admin = (await t.operator('admin')).token;
}, 180_000);
afterAll(() => t?.close());

const call = (path: string, token: string, body?: unknown, lang: 'PT' | 'EN' = 'PT') =>
  t.client.call(path, { method: body === undefined ? 'GET' : 'POST', token, body, lang });
const unread = async (token: string) => {
  const res = await call(messagesCalls.unreadCount.path, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.count as number;
};
const inbox = async (token: string, body: object = {}, lang: 'PT' | 'EN' = 'PT') => {
  const res = await call(messagesCalls.list.path, token, body, lang);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value as {
    list: {
      id: number;
      kind: string;
      title: string | null;
      content: string | null;
      amount: number | null;
      currency: string | null;
      read: boolean;
    }[];
    total: number;
    totalPages: number;
    unread: number;
  };
};
const record = async <P>(type: EventType<P>, payload: P, memberId: number) => {
  await t.database.db
    .transaction()
    .execute((trx) => recordEvent(trx, type, payload, { key: String(memberId) }));
};
const send = (body: object, token = support) =>
  t.ops('/ops/messages', { method: 'POST', body: { reason: 'customer notice', ...body }, token });
const messageRows = async () =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from member_message`.execute(t.database.db)).rows[0]!.n,
  );
const auditActions = async () =>
  (
    (await t.ops('/ops/audit?subjectType=message&limit=50', { token: admin })).body.value.items as {
      action: string;
      subjectId: string;
      reason: string;
    }[]
  ).map((a) => `${a.action}:${a.subjectId}:${a.reason}`);

const body = (to: 'member' | 'all', extra: object = {}) => ({
  audience: to,
  titlePT: 'Aviso importante',
  titleEN: 'Important notice',
  contentPT: '<p>Olá <strong>membro</strong></p><script>alert(1)</script>',
  contentEN: '<p>Hello <strong>member</strong></p>',
  ...extra,
});

describe('the inbox', () => {
  it("writes the gateway's own messages once from events, and operator messages to one member and to all", async () => {
    const a = await loginFreshAccount(t, 0, { prefix: 'inboxa' });
    const b = await loginFreshAccount(t, 0, { prefix: 'inboxb' });
    const at = new Date().toISOString();
    await record(
      memberRegistered,
      { memberId: a.memberId, merchantCode: 'BANCA', parentId: null, mode: 'username' },
      a.memberId,
    );
    const deposit = {
      memberId: a.memberId,
      amount: 5_000,
      currency: 'BRL',
      depositId: 900_001,
      first: true,
      at,
    };
    await record(walletDepositCredited, deposit, a.memberId);
    await record(walletDepositCredited, deposit, a.memberId); // delivered twice: one message
    await record(
      walletWithdrawalPaid,
      { memberId: a.memberId, amount: 2_000, currency: 'BRL', withdrawalId: 900_002, at },
      a.memberId,
    );
    await record(
      walletBonusCredited,
      { memberId: a.memberId, amount: 300, currency: 'XPL', transferId: 900_003, at },
      a.memberId,
    ); // play money: none
    await t.server.app.events.drain();

    const first = await inbox(a.token);
    expect(first.list.map((m) => [m.kind, m.amount, m.currency, m.read])).toEqual([
      ['withdrawal-paid', 2_000, 'BRL', false],
      ['deposit-credited', 5_000, 'BRL', false],
      ['welcome', null, null, false],
    ]);
    expect(first.unread).toBe(3);
    expect(await unread(b.token)).toBe(0);

    // To A by username, and to every member.
    const toA = await send(body('member', { username: a.account.toUpperCase() }));
    expect(toA.status, JSON.stringify(toA.body)).toBe(200);
    expect(toA.body.value).toMatchObject({
      audience: 'member',
      memberId: a.memberId,
      username: a.account,
      readCount: 0,
      withdrawnAt: null,
    });
    expect(toA.body.value.contentPT).toBe('<p>Olá <strong>membro</strong></p>');
    const toAll = await send(body('all', { titlePT: 'Para todos', titleEN: 'For everyone' }));
    expect(toAll.status, JSON.stringify(toAll.body)).toBe(200);

    // A member registered after the broadcast does not get it; one without a registration record does.
    const c = await loginFreshAccount(t, 0, { prefix: 'inboxc' });
    await record(
      memberRegistered,
      { memberId: c.memberId, merchantCode: 'BANCA', parentId: null, mode: 'username' },
      c.memberId,
    );
    await t.server.app.events.drain();
    expect((await inbox(c.token)).list.map((m) => m.kind)).toEqual(['welcome']);
    expect((await inbox(b.token)).list.map((m) => m.title)).toEqual(['Para todos']);
    expect(await unread(a.token)).toBe(5);

    // In the request's language; the script is gone.
    const en = await inbox(a.token, { pageSize: 2 }, 'EN');
    expect(en.list.map((m) => [m.title, m.content])).toEqual([
      ['For everyone', '<p>Hello <strong>member</strong></p>'],
      ['Important notice', '<p>Hello <strong>member</strong></p>'],
    ]);
    expect([en.total, en.totalPages]).toEqual([5, 3]);

    // Read one, read it again (no change), read all; B's own reads are B's.
    expect((await call(messagesCalls.read.path, a.token, { ids: [toA.body.value.id] })).body.value).toEqual({
      unread: 4,
    });
    expect((await call(messagesCalls.read.path, a.token, { ids: [toA.body.value.id] })).body.value).toEqual({
      unread: 4,
    });
    expect((await inbox(a.token, { unreadOnly: true })).total).toBe(4);
    expect((await call(messagesCalls.read.path, a.token, { all: true })).body.value).toEqual({ unread: 0 });
    expect(await unread(b.token)).toBe(1);
    const sent = await t.ops('/ops/messages', { token: support });
    expect(
      sent.body.value.list.slice(0, 2).map((m: { id: number; readCount: number }) => [m.id, m.readCount]),
    ).toEqual([
      [toAll.body.value.id, 1],
      [toA.body.value.id, 1],
    ]);

    // Delete from A's inbox only.
    const del = await call(messagesCalls.remove.path, a.token, {
      ids: [toAll.body.value.id, toA.body.value.id],
    });
    expect(del.status).toBe(200);
    expect((await inbox(a.token)).list.map((m) => m.kind)).toEqual([
      'withdrawal-paid',
      'deposit-credited',
      'welcome',
    ]);
    expect((await inbox(b.token)).total).toBe(1);

    // Withdrawn: gone from every inbox, once.
    const withdraw = (id: number) =>
      t.ops(`/ops/messages/${id}/withdraw`, {
        method: 'POST',
        body: { reason: 'sent by mistake' },
        token: support,
      });
    const w = await withdraw(toAll.body.value.id);
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(w.body.value.withdrawnAt).not.toBeNull();
    expect(await unread(b.token)).toBe(0);
    expect((await inbox(b.token)).total).toBe(0);
    const again = await withdraw(toAll.body.value.id);
    expect([again.status, again.body.code]).toEqual([409, 'message_withdrawn']);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `members.message.send:${toA.body.value.id}:customer notice`,
        `members.message.send:${toAll.body.value.id}:customer notice`,
        `members.message.withdraw:${toAll.body.value.id}:sent by mistake`,
      ]),
    );
  });
});

describe('bad input changes nothing', () => {
  it('refuses with a code: unknown ids, foreign ids, unknown or trial recipients, empty content, bad shapes', async () => {
    const a = await loginFreshAccount(t, 0, { prefix: 'badina' });
    const b = await loginFreshAccount(t, 0, { prefix: 'badinb' });
    // A free-play (trial) session, and a trial account to address.
    const freePlay = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    expect(freePlay.status).toBe(200);
    const trial = {
      token: loginValueSchema.parse(freePlay.body.value).token,
      account: freshUsername('badtrial'),
    };
    await insertAccounts(t.database.db, [{ account: trial.account, type: TRIAL_TYPE }]);
    const toB = await send(body('member', { username: b.account }));
    expect(toB.status).toBe(200);
    const rows = await messageRows();
    const audits = (await auditActions()).length;

    const expectCode = (res: { status: number; body: { code?: string } }, status: number, code: string) =>
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([status, code]);
    // A's calls on B's message, and on none.
    expectCode(
      await call(messagesCalls.read.path, a.token, { ids: [toB.body.value.id] }),
      404,
      'message_not_found',
    );
    expectCode(
      await call(messagesCalls.remove.path, a.token, { ids: [toB.body.value.id, 999_999_999] }),
      404,
      'message_not_found',
    );
    expectCode(await call(messagesCalls.read.path, a.token, {}), 400, 'invalid_input');
    expectCode(await call(messagesCalls.read.path, a.token, { ids: [1], all: true }), 400, 'invalid_input');
    expectCode(await call(messagesCalls.read.path, a.token, { ids: [] }), 400, 'invalid_input');
    expectCode(await call(messagesCalls.remove.path, a.token, { ids: [1, 1] }), 400, 'invalid_input');
    expectCode(await call(messagesCalls.list.path, a.token, { pageSize: 51 }), 400, 'invalid_input');
    expectCode(await call(messagesCalls.unreadCount.path, trial.token), 403, 'in_need_true_account');
    expectCode(await call(messagesCalls.unreadCount.path, ''), 401, 'not_logged_in');
    expect(await unread(b.token)).toBe(1);

    // Operators: who, what, and the shape.
    expectCode(await send(body('member', { username: 'nobody-here-x' })), 404, 'message_recipient_not_found');
    expectCode(await send(body('member', { username: trial.account })), 404, 'message_recipient_not_found');
    expectCode(await send(body('member')), 400, 'invalid_input');
    expectCode(await send(body('all', { username: b.account })), 400, 'invalid_input');
    expectCode(await send(body('all', { contentEN: '<script>x</script>' })), 400, 'invalid_input');
    expectCode(await send(body('all', { reason: '' })), 400, 'invalid_input');
    expectCode(await send(body('all', { titlePT: 'x'.repeat(121) })), 400, 'invalid_input');
    expectCode(await send({ ...body('all'), extra: 1 }), 400, 'invalid_input');
    expectCode(
      await t.ops('/ops/messages/999999999/withdraw', {
        method: 'POST',
        body: { reason: 'gone away' },
        token: support,
      }),
      404,
      'message_not_found',
    );
    expectCode(
      await t.ops(`/ops/messages/${toB.body.value.id}/withdraw`, {
        method: 'POST',
        body: {},
        token: support,
      }),
      400,
      'invalid_input',
    );
    expectCode(await t.ops('/ops/messages', { token: a.token }), 401, 'not_logged_in');

    expect(await messageRows()).toBe(rows);
    expect((await auditActions()).length).toBe(audits);
    expect(await unread(b.token)).toBe(1);
  });
});

describe('feedback', () => {
  it("reaches the back office, and the answer reaches the member's inbox once", async () => {
    const m = await loginFreshAccount(t, 0, { prefix: 'feedback' });
    const sendFeedback = (body: object) =>
      t.client.call(messagesCalls.feedback.path, { method: 'PUT', token: m.token, body });
    const sent = await sendFeedback({ questionType: 'payment', content: 'My <b>PIX</b> took\na while' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.value.id as number;

    const listed = await t.ops('/ops/feedback?status=open', { token: support });
    expect(listed.status).toBe(200);
    expect(listed.body.value.open).toBeGreaterThanOrEqual(1);
    expect(listed.body.value.list.find((f: { id: number }) => f.id === id)).toMatchObject({
      memberId: m.memberId,
      username: m.account,
      questionType: 'payment',
      content: 'My <b>PIX</b> took\na while',
      status: 'open',
      reply: null,
    });

    const reply = (body: object, feedbackId = id) =>
      t.ops(`/ops/feedback/${feedbackId}/reply`, { method: 'POST', body, token: support });
    const answered = await reply({ reply: 'It is credited now.\nThanks!' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.value).toMatchObject({ status: 'answered', reply: 'It is credited now.\nThanks!' });
    const again = await reply({ reply: 'Twice?' });
    expect([again.status, again.body.code]).toEqual([409, 'feedback_answered']);

    const en = await inbox(m.token, {}, 'EN');
    expect(en.list).toHaveLength(1);
    expect(en.list[0]).toMatchObject({ kind: 'operator', title: 'Reply to your feedback', read: false });
    // Both texts are the member's and the operator's words, never markup.
    expect(en.list[0]!.content).toBe(
      '<p>It is credited now.<br />Thanks!</p><p><em>You wrote:</em></p><p>My &lt;b&gt;PIX&lt;/b&gt; took<br />a while</p>',
    );
    expect((await inbox(m.token)).list[0]!.title).toBe('Resposta ao seu feedback');
    const audit = await t.ops(`/ops/audit?subjectType=feedback&subjectId=${id}`, { token: admin });
    expect(audit.body.value.items.map((a: { action: string }) => a.action)).toEqual([
      'members.feedback.reply',
    ]);
  });

  it('refuses bad input and more than five an hour, writing nothing', async () => {
    const m = await loginFreshAccount(t, 0, { prefix: 'feedlim' });
    const sendFeedback = (body: object) =>
      t.client.call(messagesCalls.feedback.path, { method: 'PUT', token: m.token, body });
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from member_feedback where member_id = ${m.memberId}`.execute(t.database.db)
        ).rows[0]!.n,
      );
    for (const bad of [
      { questionType: 'rant', content: 'hello there' },
      { questionType: 'game', content: 'hey' },
      { questionType: 'game', content: 'x'.repeat(141) },
      { questionType: 'game' },
      { questionType: 'game', content: 'fine text', extra: true },
    ]) {
      const res = await sendFeedback(bad);
      expect([res.status, res.body.code], JSON.stringify(bad)).toEqual([400, 'invalid_input']);
    }
    expect(await count()).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await sendFeedback({ questionType: 'other', content: `note ${i}` })).status).toBe(200);
    const sixth = await sendFeedback({ questionType: 'other', content: 'one more' });
    expect([sixth.status, sixth.body.code]).toEqual([429, 'too_many_requests']);
    expect(await count()).toBe(5);
    const missing = await t.ops('/ops/feedback/999999999/reply', {
      method: 'POST',
      body: { reply: 'hi' },
      token: support,
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'feedback_not_found']);
    const empty = await t.ops('/ops/feedback/999999999/reply', {
      method: 'POST',
      body: { reply: '  ' },
      token: support,
    });
    expect([empty.status, empty.body.code]).toEqual([400, 'invalid_input']);
  });
});
