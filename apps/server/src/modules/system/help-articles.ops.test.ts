import { operatorRoutes, systemRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { getJson } from '../../test/test-app.ts';

/** Help-centre articles in the back office: content.manage, sanitised on save and render, audited. */
let t: OpsTestServer;
let admin: { token: string };
let content: { token: string; username: string };
let support: { token: string };
let finance: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  [admin, content, support, finance] = await Promise.all([
    t.operator('admin'),
    t.operator('content'),
    t.operator('support'),
    t.operator('finance'),
  ]);
});
afterAll(() => t?.close());

const path = systemRoutes.listHelpArticles.path;
const create = (body: unknown, token = content.token) => t.ops(path, { method: 'POST', token, body });
const update = (id: number | string, body: unknown, token = content.token) =>
  t.ops(systemRoutes.updateHelpArticle.path.replace(':id', String(id)), { method: 'PUT', token, body });
const memberHelp = async (lang: 'PT' | 'EN', device: 'WEB' | 'H5' = 'WEB') =>
  (await getJson(`${t.server.url}${systemRoutes.helpCenter.path}?lang=${lang}&device=${device}`)).body
    .value as {
    id: number;
    slug: string;
    title: string;
    content: string;
  }[];

const XSS =
  '<h2>Saque</h2><p onclick="alert(1)">Pix <strong>rápido</strong></p><script>alert(1)</script>' +
  '<img src=x onerror=alert(1)><a href="javascript:alert(1)">clique</a><p style="color:red">x</p>' +
  '<a href="https://banca.example/ajuda" target="_blank">ajuda</a>';
const CLEAN =
  '<h2>Saque</h2><p>Pix <strong>rápido</strong></p><a>clique</a><p>x</p>' +
  '<a href="https://banca.example/ajuda" rel="noopener noreferrer">ajuda</a>';

describe('help-centre articles in the back office', () => {
  it('writes a draft, sanitised on save, that the member site shows only once published', async () => {
    const res = await create({
      lang: 'PT',
      slug: 'saque-rapido',
      title: 'Saque rápido',
      content: XSS,
      sort: 0,
    });
    expect(res.status).toBe(200);
    const article = res.body.value;
    expect(article).toMatchObject({ lang: 'PT', device: 'ALL', published: false, content: CLEAN });
    const stored = await t.database.db
      .selectFrom('help_article')
      .select('content')
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(CLEAN);
    expect((await memberHelp('PT')).map((a) => a.slug)).not.toContain('saque-rapido');

    const published = await update(article.id, { published: true, reason: 'Ready' });
    expect(published.status).toBe(200);
    for (const device of ['WEB', 'H5'] as const) {
      const shown = (await memberHelp('PT', device)).find((a) => a.slug === 'saque-rapido');
      expect(shown).toMatchObject({ title: 'Saque rápido', content: CLEAN });
    }
    // Not in the other language.
    expect((await memberHelp('EN')).map((a) => a.slug)).not.toContain('saque-rapido');

    const audit = await t.ops(
      `${operatorRoutes.audit.path}?subjectType=help_article&subjectId=${article.id}`,
      { token: admin.token },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        action: 'content.help_article.publish',
        actor: content.username,
        reason: 'Ready',
        before: expect.objectContaining({ published: false }),
        after: expect.objectContaining({ published: true }),
      }),
      expect.objectContaining({ action: 'content.help_article.create', before: null }),
    ]);
  });

  it('sanitises on render too: a row written by hand is served without its script', async () => {
    const row = await t.database.db
      .insertInto('help_article')
      .values({
        merchant_code: (
          await t.database.db.selectFrom('merchant').select('merchant_code').executeTakeFirstOrThrow()
        ).merchant_code,
        lang: 'EN',
        device: 'ALL',
        slug: 'by-hand',
        title: 'By hand',
        content: '<p>ok</p><script>alert(1)</script><a href="javascript:alert(1)" onmouseover="x()">x</a>',
        sort: 99,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shown = (await memberHelp('EN')).find((a) => a.id === row.id);
    expect(shown?.content).toBe('<p>ok</p><a>x</a>');
    const listed = await t.ops(`${path}?lang=EN`, { token: content.token });
    expect(listed.body.value.articles.find((a: { id: number }) => a.id === row.id).content).toBe(
      '<p>ok</p><a>x</a>',
    );
  });

  it('edits, orders and unpublishes; the member site follows', async () => {
    const res = await create({
      lang: 'EN',
      slug: 'deposits',
      title: 'Deposits',
      content: '<p>a</p>',
      sort: 5,
      published: true,
    });
    expect(res.status).toBe(200);
    const id = res.body.value.id;
    const edited = await update(id, { title: 'Deposits by Pix', content: '<p>b</p>', sort: 1 });
    expect(edited.body.value).toMatchObject({ title: 'Deposits by Pix', content: '<p>b</p>', sort: 1 });
    expect((await memberHelp('EN')).find((a) => a.id === id)).toMatchObject({ title: 'Deposits by Pix' });
    expect((await update(id, { published: false })).status).toBe(200);
    expect((await memberHelp('EN')).find((a) => a.id === id)).toBeUndefined();
  });

  it('refuses other roles, duplicate slugs, unknown ids and bad bodies, changing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('help_article')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const ok = { lang: 'PT', slug: 'nova', title: 'Nova', content: '<p>x</p>' };
    expectFailure(await create(ok, support.token), 403, 'forbidden');
    expectFailure(await create(ok, finance.token), 403, 'forbidden');
    expectFailure(await t.ops(path, { token: support.token }), 403, 'forbidden');
    expectFailure(await create({ ...ok, slug: 'saque-rapido' }), 409, 'help_article_slug_taken');
    expectFailure(await create({ ...ok, slug: 'Not A Slug' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, lang: 'FR' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, title: '' }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, content: 'x'.repeat(20_001) }), 400, 'invalid_input');
    expectFailure(await create({ ...ok, extra: 1 }), 400, 'invalid_input');
    expectFailure(await update(999999, { title: 'x' }), 404, 'help_article_not_found');
    expectFailure(await update('abc', { title: 'x' }), 400, 'invalid_input');
    expect(await count()).toBe(before);
  });
});
