import { decryptCustomerServicePath, fillPath, operatorRoutes, systemRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { getJson, OPERATOR_TOKEN, startApp, type RunningApp } from '../../test/test-app.ts';

/**
 * Customer-service entries in the back office: content.manage, validated links, encrypted at rest,
 * audited before and after, and what the member site lists on every node at once.
 */
let t: OpsTestServer;
/** A second gateway on the same database, as a second node behind the balancer. */
let nodeB: RunningApp;
let admin: { token: string };
let content: { token: string; username: string };
let support: { token: string };
let finance: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  nodeB = await startApp(t.database.db, { OPERATOR_TOKEN, TRUST_PROXY: 'true' });
  [admin, content, support, finance] = await Promise.all([
    t.operator('admin'),
    t.operator('content'),
    t.operator('support'),
    t.operator('finance'),
  ]);
});
afterAll(async () => {
  await nodeB?.close();
  await t?.close();
});

interface Entry {
  id: number;
  csType: string;
  label: string;
  path: string;
  enabled: boolean;
  sort: number;
}

const path = systemRoutes.listCustomerServices.path;
const list = async (token = content.token) => (await t.ops(path, { token })).body.value.entries as Entry[];
const create = (body: unknown, token = content.token) => t.ops(path, { method: 'POST', token, body });
const update = (id: number | string, body: unknown, token = content.token) =>
  t.ops(fillPath(systemRoutes.updateCustomerService.path, { id }), { method: 'PUT', token, body });
const remove = (id: number | string, token = content.token) =>
  t.ops(fillPath(systemRoutes.deleteCustomerService.path, { id }), { method: 'DELETE', token });
const reorder = (ids: number[], token = content.token) =>
  t.ops(systemRoutes.reorderCustomerServices.path, { method: 'POST', token, body: { ids } });

/** What a member's page gets from a node, links decrypted as the site does. */
async function memberEntries(baseUrl: string) {
  const res = await getJson(baseUrl + systemRoutes.customerService.path);
  expect(res.status).toBe(200);
  const startup = await getJson(baseUrl + systemRoutes.startup.path);
  const entries = res.body.value as { csType: string; label: string; path: string }[];
  expect(startup.body.value.customerServices).toHaveLength(entries.length);
  return Promise.all(
    entries.map(async (e) => ({
      csType: e.csType,
      label: e.label,
      path: await decryptCustomerServicePath(e.path),
    })),
  );
}

describe('customer-service entries in the back office', () => {
  it('lists the seeded entry in clear, adds, edits, disables and reorders; every node follows', async () => {
    const seeded = await list();
    expect(seeded).toEqual([
      expect.objectContaining({ csType: 'LIVE_CHAT', label: 'Support', path: '/support' }),
    ]);

    const added = await create({
      csType: 'WHATSAPP',
      label: 'WhatsApp',
      path: 'https://wa.me/5511999990000',
      reason: 'New line',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const wa = added.body.value as Entry;
    expect(wa).toMatchObject({ csType: 'WHATSAPP', path: 'https://wa.me/5511999990000', enabled: true });
    // Stored encrypted, never the raw link.
    const stored = await t.database.db
      .selectFrom('customer_service')
      .select('path_encrypted')
      .where('id', '=', wa.id)
      .executeTakeFirstOrThrow();
    expect(stored.path_encrypted).not.toContain('wa.me');

    for (const url of [t.server.url, nodeB.url]) {
      expect(await memberEntries(url)).toEqual([
        { csType: 'LIVE_CHAT', label: 'Support', path: '/support' },
        { csType: 'WHATSAPP', label: 'WhatsApp', path: 'https://wa.me/5511999990000' },
      ]);
    }

    const edited = await update(wa.id, { label: 'WhatsApp 24h', path: 'https://wa.me/5511888880000' });
    expect(edited.body.value).toMatchObject({ label: 'WhatsApp 24h', path: 'https://wa.me/5511888880000' });
    expect((await reorder([wa.id, seeded[0]!.id])).status).toBe(200);
    for (const url of [t.server.url, nodeB.url]) {
      expect((await memberEntries(url)).map((e) => e.label)).toEqual(['WhatsApp 24h', 'Support']);
    }

    expect((await update(wa.id, { enabled: false, reason: 'Line down' })).body.value.enabled).toBe(false);
    for (const url of [t.server.url, nodeB.url]) {
      expect((await memberEntries(url)).map((e) => e.label)).toEqual(['Support']);
    }
    // Still listed for operators, in its place.
    expect((await list()).map((e) => [e.label, e.enabled])).toEqual([
      ['WhatsApp 24h', false],
      ['Support', true],
    ]);

    const audit = await t.ops(
      `${operatorRoutes.audit.path}?subjectType=customer_service&subjectId=${wa.id}`,
      { token: admin.token },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        action: 'content.customer_service.disable',
        actor: content.username,
        reason: 'Line down',
        before: expect.objectContaining({ enabled: true, label: 'WhatsApp 24h' }),
        after: expect.objectContaining({ enabled: false }),
      }),
      expect.objectContaining({
        action: 'content.customer_service.update',
        before: expect.objectContaining({ label: 'WhatsApp', path: 'https://wa.me/5511999990000' }),
        after: expect.objectContaining({ label: 'WhatsApp 24h', path: 'https://wa.me/5511888880000' }),
      }),
      expect.objectContaining({
        action: 'content.customer_service.create',
        before: null,
        reason: 'New line',
      }),
    ]);
  });

  it('deletes an entry, audited with what it was', async () => {
    const res = await create({ csType: 'EMAIL', label: 'E-mail', path: 'mailto:ajuda@banca.example' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.value as Entry).id;
    const removed = await remove(id);
    expect(removed.status).toBe(200);
    expect((removed.body.value.entries as Entry[]).map((e) => e.id)).not.toContain(id);
    expectFailure(await remove(id), 404, 'customer_service_not_found');
    const audit = await t.ops(`${operatorRoutes.audit.path}?subjectType=customer_service&subjectId=${id}`, {
      token: admin.token,
    });
    expect(audit.body.value.items[0]).toMatchObject({
      action: 'content.customer_service.delete',
      before: { label: 'E-mail', path: 'mailto:ajuda@banca.example' },
      after: null,
    });
  });

  it('refuses other roles, bad links, duplicates, stale orders and unknown ids, changing nothing', async () => {
    const rows = async () =>
      JSON.stringify(await t.database.db.selectFrom('customer_service').selectAll().orderBy('id').execute());
    const before = await rows();
    const ok = { csType: 'TELEGRAM', label: 'Telegram', path: 'https://t.me/banca' };
    expectFailure(await create(ok, support.token), 403, 'forbidden');
    expectFailure(await create(ok, finance.token), 403, 'forbidden');
    expectFailure(await t.ops(path, { token: support.token }), 403, 'forbidden');
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/chat',
      'ftp://files.example',
      'https://',
      'https://user:pw@chat.example',
      'tel:+5511999990000',
      'https://chat.example/a b',
      `https://chat.example/${'x'.repeat(500)}`,
      '',
    ]) {
      expectFailure(await create({ ...ok, path: bad }), 400, 'invalid_input');
    }
    expectFailure(await create({ ...ok, label: '' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, label: 'x'.repeat(41) }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, csType: 'SMS' }), 400, 'invalid_input');
    // E-mail entries hold mailto: addresses and only they do.
    expectFailure(await create({ ...ok, csType: 'EMAIL' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, path: 'mailto:a@b.example' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, extra: 1 }), 400, 'invalid_input');
    expectFailure(
      await create({ csType: 'LIVE_CHAT', label: 'Support', path: '/support' }),
      409,
      'customer_service_label_taken',
    );
    const current = await list();
    expectFailure(await update(current[0]!.id, { csType: 'EMAIL' }), 400, 'invalid_input');
    expectFailure(await update(current[0]!.id, {}), 400, 'invalid_input');
    expectFailure(await update(999999, { label: 'x' }), 404, 'customer_service_not_found');
    expectFailure(await update('abc', { label: 'x' }), 400, 'invalid_input');
    expectFailure(await reorder([current[0]!.id]), 409, 'customer_service_list_conflict');
    expectFailure(
      await reorder([...current.map((e) => e.id), 999999]),
      409,
      'customer_service_list_conflict',
    );
    expectFailure(await reorder([current[0]!.id, current[0]!.id]), 400, 'invalid_input');
    expect(await rows()).toBe(before);
  });
});
