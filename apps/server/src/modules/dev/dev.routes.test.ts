import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, errorEnvelopeSchema } from '@banca/contract';
import { seedDemo } from '../../seed/demo-seed.ts';
import { authClient, freshIp, freshMobile, insertAccounts, freshUsername } from '../../test/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { getJson, startApp, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let dev: RunningApp;
let production: RunningApp;
let development: RunningApp;
let opened: RunningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  dev = await startApp(database.db, { TRUST_PROXY: 'true' });
  production = await startApp(database.db, { NODE_ENV: 'production', TRUST_PROXY: 'true' });
  development = await startApp(database.db, { NODE_ENV: 'development', TRUST_PROXY: 'true' });
  opened = await startApp(database.db, {
    NODE_ENV: 'development',
    TRUST_PROXY: 'true',
    SANDBOX_ALLOW_REMOTE: 'true',
  });
});

afterAll(async () => {
  await dev?.close();
  await production?.close();
  await development?.close();
  await opened?.close();
  await database?.close();
});

const html = { accept: 'text/html,application/xhtml+xml' };

async function sendCodes(url: string, nationals: string[]) {
  const res = [];
  for (const mobileNum of nationals) {
    res.push(
      await getJson(url + authRoutes.smsRegister.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ mobileNum, countryDialingCode: '+55' }),
      }),
    );
  }
  return res;
}

describe('dev outbox (NODE_ENV=test)', () => {
  it('lists sandbox messages newest first, filtered by recipient and channel, with a limit', async () => {
    const [a, b] = [freshMobile(), freshMobile()];
    await sendCodes(dev.url, [a, b]);
    const all = await getJson(`${dev.url}/dev/outbox?channel=sms&limit=2`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, code: 'ok' });
    expect(all.body.value.messages.map((m: { recipient: string }) => m.recipient)).toEqual([
      `+55${b}`,
      `+55${a}`,
    ]);
    const one = await getJson(`${dev.url}/dev/outbox?recipient=${encodeURIComponent(`+55${a}`)}`);
    expect(one.body.value.messages).toHaveLength(1);
    expect(one.body.value.messages[0]).toMatchObject({ channel: 'sms', recipient: `+55${a}`, subject: null });
    expect(one.body.value.messages[0].body).toMatch(/\b\d{6}\b/);
    const bad = await getJson(`${dev.url}/dev/outbox?limit=0&channel=fax`);
    expect(bad.status).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.body).code).toBe('invalid_input');
  });

  it('renders the outbox page with the messages escaped', async () => {
    const res = await fetch(`${dev.url}/dev/outbox.html`, { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('<h1>Sandbox outbox</h1>');
    expect(page).toMatch(/\+55\d{11}/);
    const filtered = await (await fetch(`${dev.url}/dev/outbox.html?recipient=%3Cscript%3E`)).text();
    expect(filtered).not.toContain('<script>');
    expect(filtered).toContain('&lt;script&gt;');
  });

  it('tells the answer of a recent captcha, and 404 for an unknown one', async () => {
    const client = await authClient(dev.url);
    const c = await client.solvedCaptcha();
    expect(c.captcha).toMatch(/^[A-Za-z0-9]{4,5}$/);
    const unknown = await getJson(`${dev.url}/dev/captcha/nope`);
    expect(unknown.status).toBe(404);
  });
});

describe('who may read the sandbox', () => {
  const paths = ['/dev/outbox', '/dev/outbox.html', '/dev/captcha/x'];
  const remote = { 'x-forwarded-for': '198.51.100.7' };

  it('refuses a client that is not on this machine in development, whatever the path', async () => {
    for (const path of paths) {
      const res = await getJson(development.url + path, { headers: remote });
      expect(res.status).toBe(403);
      expect(errorEnvelopeSchema.parse(res.body)).toMatchObject({ success: false, code: 'forbidden' });
      expect(res.body.message).toContain('SANDBOX_ALLOW_REMOTE');
    }
  });

  it('answers loopback clients, including IPv6 loopback forwarded by a trusted proxy', async () => {
    expect((await getJson(`${development.url}/dev/outbox`)).status).toBe(200);
    const v6 = await getJson(`${development.url}/dev/outbox`, { headers: { 'x-forwarded-for': '::1' } });
    expect(v6.status).toBe(200);
  });

  it('answers remote clients only when SANDBOX_ALLOW_REMOTE opens it', async () => {
    const res = await getJson(`${opened.url}/dev/outbox`, { headers: remote });
    expect(res.status).toBe(200);
    expect(res.body.value.messages).toBeInstanceOf(Array);
  });

  it('leaves every other path to remote clients alone', async () => {
    const res = await getJson(`${development.url}/wps/system/status`, { headers: remote });
    expect(res.status).toBe(200);
  });
});

describe('production mode', () => {
  it('has no dev endpoints: the 404 envelope, even for a browser navigation', async () => {
    for (const path of ['/dev/outbox', '/dev/outbox.html', '/dev/captcha/x']) {
      for (const headers of [{}, html, { 'x-forwarded-for': '198.51.100.7' }] as Record<string, string>[]) {
        const res = await getJson(production.url + path, { headers });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(errorEnvelopeSchema.parse(res.body)).toMatchObject({ success: false, code: 'not_found' });
      }
    }
  });

  it('sends no SMS through the sandbox: without a real provider the call answers feature_disabled', async () => {
    const national = freshMobile();
    await insertAccounts(database.db, [{ account: freshUsername('prod'), mobile: `+55${national}` }]);
    const res = await getJson(production.url + authRoutes.smsNoLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ mobileNum: national, countryDialingCode: '+55' }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('feature_disabled');
    const outbox = await getJson(`${dev.url}/dev/outbox?recipient=${encodeURIComponent(`+55${national}`)}`);
    expect(outbox.body.value.messages).toEqual([]);
  });
});
