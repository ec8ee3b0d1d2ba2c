import { contentRoutes, fillPath, operatorRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { getJson, OPERATOR_TOKEN, startApp, type RunningApp } from '../../test/test-app.ts';

/**
 * Banners and announcements in the back office: content.manage, validated images and links, sanitised
 * rich text, audited before and after, and what the member site gets on every node at once.
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

interface Banner {
  id: string;
  titlePT: string;
  linkageType: string;
  linkage: string;
  enabled: boolean;
}
interface Announcement {
  id: string;
  kind: string;
  contentPT: string;
  contentEN: string;
  enabled: boolean;
}

const r = contentRoutes;
const list = async (token = content.token) => (await t.ops(r.listContent.path, { token })).body.value;
const createBanner = (body: unknown, token = content.token) =>
  t.ops(r.createBanner.path, { method: 'POST', token, body });
const updateBanner = (id: string, body: unknown, token = content.token) =>
  t.ops(fillPath(r.updateBanner.path, { id }), { method: 'PUT', token, body });
const createAnnouncement = (body: unknown, token = content.token) =>
  t.ops(r.createAnnouncement.path, { method: 'POST', token, body });
const updateAnnouncement = (id: string, body: unknown, token = content.token) =>
  t.ops(fillPath(r.updateAnnouncement.path, { id }), { method: 'PUT', token, body });
const removeAnnouncement = (id: string, token = content.token) =>
  t.ops(fillPath(r.deleteAnnouncement.path, { id }), { method: 'DELETE', token });

/** What a visitor's page gets from a node (MCSFE_getListAnnouncements), in English. */
async function memberContent(baseUrl: string) {
  const res = await getJson(baseUrl + r.announcements.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ types: 'B,PL,H', language: 'EN' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value as {
    banners: { id: string; title: string; url: string; linkageType: string; linkage: string }[];
    player: { id: string; title: string; content: string }[];
    notice: { id: string; content: string }[];
  };
}

const bannerBody = {
  groupName: 'w_home',
  titlePT: 'Bônus de boas-vindas',
  titleEN: 'Welcome bonus',
  imageUrl: '/art/welcome-pt.svg',
  imageUrlEN: '/art/welcome-en.svg',
  linkageType: 'ROUTE',
  linkage: '/promotions',
};

describe('banners and announcements in the back office', () => {
  it('adds, edits and disables a banner; every node follows; audited', async () => {
    const added = await createBanner({ ...bannerBody, reason: 'Campaign' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const banner = added.body.value as Banner;
    expect(banner).toMatchObject({ titlePT: 'Bônus de boas-vindas', linkageType: 'ROUTE', enabled: true });
    for (const url of [t.server.url, nodeB.url]) {
      expect((await memberContent(url)).banners).toContainEqual(
        expect.objectContaining({ id: banner.id, title: 'Welcome bonus', url: '/art/welcome-en.svg' }),
      );
    }
    const edited = await updateBanner(banner.id, { titleEN: 'Welcome!', linkageType: 'NONE', linkage: '' });
    expect(edited.body.value).toMatchObject({ titleEN: 'Welcome!', linkageType: 'NONE', linkage: '' });
    expect((await updateBanner(banner.id, { enabled: false, reason: 'Ended' })).body.value.enabled).toBe(
      false,
    );
    for (const url of [t.server.url, nodeB.url]) {
      expect((await memberContent(url)).banners.map((b) => b.id)).not.toContain(banner.id);
    }
    // Still listed for operators.
    expect((await list()).banners).toContainEqual(expect.objectContaining({ id: banner.id, enabled: false }));

    const audit = await t.ops(`${operatorRoutes.audit.path}?subjectType=banner&subjectId=${banner.id}`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        action: 'content.banner.disable',
        actor: content.username,
        reason: 'Ended',
        before: expect.objectContaining({ enabled: true }),
        after: expect.objectContaining({ enabled: false }),
      }),
      expect.objectContaining({
        action: 'content.banner.update',
        before: expect.objectContaining({ titleEN: 'Welcome bonus', linkageType: 'ROUTE' }),
        after: expect.objectContaining({ titleEN: 'Welcome!', linkageType: 'NONE' }),
      }),
      expect.objectContaining({ action: 'content.banner.create', before: null, reason: 'Campaign' }),
    ]);
  });

  it('posts a marquee line and a player notice with sanitised rich text, reorders, deletes; audited', async () => {
    const line = await createAnnouncement({
      kind: 'H',
      contentPT: 'Manutenção às 3h',
      contentEN: 'Maintenance at 3am',
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    const h = line.body.value as Announcement;
    const notice = await createAnnouncement({
      kind: 'PL',
      titlePT: 'Aviso',
      titleEN: 'Notice',
      contentPT: '<p>Olá <strong>todos</strong></p>',
      contentEN: '<p>Hello <strong>all</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    const pl = notice.body.value as Announcement;
    expect(pl.contentEN).toBe('<p>Hello <strong>all</strong></p>');
    for (const url of [t.server.url, nodeB.url]) {
      const value = await memberContent(url);
      expect(value.notice).toContainEqual({ id: h.id, content: 'Maintenance at 3am' });
      expect(value.player).toContainEqual(
        expect.objectContaining({ id: pl.id, title: 'Notice', content: '<p>Hello <strong>all</strong></p>' }),
      );
    }

    const ids = ((await list()).announcements as Announcement[]).map((a) => a.id);
    const reordered = await t.ops(r.reorderAnnouncements.path, {
      method: 'POST',
      token: content.token,
      body: { ids: [...ids].reverse() },
    });
    expect(reordered.status).toBe(200);
    expect((reordered.body.value.announcements as Announcement[]).map((a) => a.id)).toEqual(
      [...ids].reverse(),
    );

    const removed = await removeAnnouncement(h.id);
    expect(removed.status).toBe(200);
    expect((await memberContent(nodeB.url)).notice.map((n) => n.id)).not.toContain(h.id);
    expectFailure(await removeAnnouncement(h.id), 404, 'announcement_not_found');
    const audit = await t.ops(`${operatorRoutes.audit.path}?subjectType=announcement&subjectId=${h.id}`, {
      token: admin.token,
    });
    expect(audit.body.value.items.map((i: { action: string }) => i.action)).toEqual([
      'content.announcement.delete',
      'content.announcement.create',
    ]);
  });

  it('refuses other roles, bad images, links and text, stale orders and unknown ids, changing nothing', async () => {
    const rows = async () =>
      JSON.stringify([
        await t.database.db.selectFrom('content_banner').selectAll().orderBy('id').execute(),
        await t.database.db.selectFrom('content_announcement').selectAll().orderBy('id').execute(),
      ]);
    const before = await rows();
    expectFailure(await createBanner(bannerBody, support.token), 403, 'forbidden');
    expectFailure(await createBanner(bannerBody, finance.token), 403, 'forbidden');
    expectFailure(await t.ops(r.listContent.path, { token: finance.token }), 403, 'forbidden');
    expectFailure(
      await createAnnouncement({ kind: 'H', contentPT: 'x', contentEN: 'x' }, support.token),
      403,
      'forbidden',
    );
    for (const bad of [
      { imageUrl: 'https://evil.example/a.png' },
      { imageUrl: '//evil.example/a.png' },
      { imageUrl: 'javascript:alert(1)' },
      { imageUrl: '' },
      { groupName: 'w_nowhere' },
      { titlePT: '' },
      { linkageType: 'URL', linkage: 'http://plain.example' },
      { linkageType: 'URL', linkage: 'javascript:alert(1)' },
      { linkageType: 'ROUTE', linkage: '//evil.example' },
      { linkageType: 'GAME', linkage: 'not a game' },
      { linkageType: 'NONE', linkage: '/promotions' },
      { extra: 1 },
    ]) {
      expectFailure(await createBanner({ ...bannerBody, ...bad }), 400, 'invalid_input');
    }
    const okLine = { kind: 'H', contentPT: 'Olá', contentEN: 'Hello' };
    for (const bad of [
      { kind: 'X' },
      { contentPT: '' },
      { contentEN: '<script>alert(1)</script>' },
      { kind: 'PL' },
      { kind: 'H', execution: 'A' },
      { kind: 'PU', titlePT: 'a', titleEN: 'b' },
      { publishedAt: 'yesterday' },
    ]) {
      expectFailure(await createAnnouncement({ ...okLine, ...bad }), 400, 'invalid_input');
    }
    const current = await list();
    const banner = current.banners[0] as Banner;
    const announcement = current.announcements[0] as Announcement;
    expectFailure(await updateBanner(banner.id, {}), 400, 'invalid_input');
    expectFailure(await updateBanner(banner.id, { linkage: 'not/a path' }), 400, 'invalid_input');
    expectFailure(await updateBanner('nope', { titlePT: 'x' }), 404, 'banner_not_found');
    expectFailure(await updateBanner('a b', { titlePT: 'x' }), 400, 'invalid_input');
    expectFailure(await updateAnnouncement('nope', { enabled: false }), 404, 'announcement_not_found');
    if (announcement.kind !== 'PU')
      expectFailure(
        await updateAnnouncement(announcement.id, { kind: 'PU', execution: null }),
        400,
        'invalid_input',
      );
    expectFailure(
      await t.ops(r.reorderBanners.path, { method: 'POST', token: content.token, body: { ids: ['nope'] } }),
      409,
      'content_list_conflict',
    );
    expectFailure(
      await t.ops(r.reorderBanners.path, {
        method: 'POST',
        token: content.token,
        body: { ids: [...current.banners.map((b: Banner) => b.id), 'nope'] },
      }),
      409,
      'content_list_conflict',
    );
    expect(await rows()).toBe(before);
  });
});
