import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema, operatorRoutes, statusSettingsSchema } from '@banca/contract';
import { seedDemo } from '../../seed/demo-seed.ts';
import { STATUS_CACHE_MS } from '../system/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { getJson, OPERATOR_TOKEN, operatorHeaders, startApp, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let server: RunningApp;
const opened: RunningApp[] = [];

const put = (app: RunningApp, path: string, body: unknown, token = OPERATOR_TOKEN) =>
  getJson(app.url + path, { method: 'PUT', headers: operatorHeaders(token), body: JSON.stringify(body) });

const setRegion = (
  region: Partial<{ blockedCountries: string[]; blockedIpRanges: string[]; allowedIpRanges: string[] }>,
) =>
  put(server, operatorRoutes.setRegion.path, {
    blockedCountries: [],
    blockedIpRanges: [],
    allowedIpRanges: [],
    ...region,
  });

const status = async (app: RunningApp, headers: Record<string, string> = {}) =>
  (await getJson(app.url + '/wps/system/status', { headers })).body.value;

/** Other nodes notice a change once their short settings cache expires. */
const settle = () => new Promise((r) => setTimeout(r, STATUS_CACHE_MS + 50));

/** A second gateway node on the same database, with its own configuration. */
const node = async (env: Record<string, string>) => {
  const app = await startApp(database.db, { OPERATOR_TOKEN, ...env });
  opened.push(app);
  return app;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startApp(database.db, { OPERATOR_TOKEN });
});

afterEach(async () => {
  // Every test leaves the site open again.
  await put(server, operatorRoutes.setMaintenance.path, { enabled: false, endTime: null });
  await setRegion({});
});

afterAll(async () => {
  for (const app of opened) await app.close();
  await server?.close();
  await database?.close();
});

describe('operator authentication', () => {
  it('keeps the back office on without OPERATOR_TOKEN, with no bootstrap credential', async () => {
    // Named operators (the demo admin, or ones the token created earlier) still log in; the token
    // itself opens nothing, and every guarded call asks for a login.
    const closed = await startApp(database.db);
    opened.push(closed);
    const { status: code, body } = await getJson(closed.url + operatorRoutes.statusSettings.path, {
      headers: operatorHeaders(),
    });
    expect(code).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'not_logged_in' });
    const login = await getJson(closed.url + operatorRoutes.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', password: 'not-a-password' }),
    });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ code: 'invalid_credentials' });
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token-wrong-token-wrong' }],
    ['a token prefix', { authorization: `Bearer ${OPERATOR_TOKEN.slice(0, -1)}` }],
    ['another scheme', { authorization: `Basic ${OPERATOR_TOKEN}` }],
  ])('refuses %s with a 401 envelope', async (_label, headers) => {
    const { status: code, body } = await getJson(server.url + operatorRoutes.statusSettings.path, {
      headers,
    });
    expect(code).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'not_logged_in', value: null });
  });

  it('reads the current settings with the right token', async () => {
    const { status: code, body } = await getJson(server.url + operatorRoutes.statusSettings.path, {
      headers: operatorHeaders(),
    });
    expect(code).toBe(200);
    expect(envelopeSchema(statusSettingsSchema).parse(body).value).toEqual({
      maintenance: { enabled: false, endTime: null },
      region: { blockedCountries: [], blockedIpRanges: [], allowedIpRanges: [] },
    });
  });
});

describe('maintenance', () => {
  it('switches the site into maintenance and back', async () => {
    const endTime = '2030-01-02T03:04:05.000Z';
    const on = await put(server, operatorRoutes.setMaintenance.path, { enabled: true, endTime });
    expect(on.status).toBe(200);
    expect(on.body.value.maintenance).toEqual({ enabled: true, endTime });

    expect(await status(server)).toEqual({
      systemStatus: 1,
      maintenance: { endTime },
      location: { ip: '127.0.0.1', countryCode: null },
    });

    // Member-facing calls are closed with 503, in the viewer's language...
    const member = await getJson(server.url + '/wps/member/info', { headers: { language: 'EN' } });
    expect(member.status).toBe(503);
    expect(member.body).toEqual({
      success: false,
      code: 'system_maintenance',
      message: 'System maintenance.',
      value: null,
    });
    const lottery = await getJson(server.url + '/lgw/games/game_menus', { method: 'POST' });
    expect(lottery.status).toBe(503);
    expect(lottery.body.message).toBe('Sistema em manutenção.');
    // ...system calls stay open so the client can render the maintenance page, and so does the operator API.
    expect((await getJson(server.url + '/wps/system/whitelabel')).status).toBe(200);
    expect((await getJson(server.url + '/wps/system/customerService')).status).toBe(200);
    expect((await getJson(server.url + '/healthz')).status).toBe(200);

    const off = await put(server, operatorRoutes.setMaintenance.path, { enabled: false, endTime: null });
    expect(off.body.value.maintenance).toEqual({ enabled: false, endTime: null });
    expect((await status(server)).systemStatus).toBe(0);
    // Past the guard: the member call itself answers (no token).
    expect((await getJson(server.url + '/wps/member/info')).status).toBe(401);
  });

  it('reaches another node through the database within the cache time', async () => {
    const other = await node({});
    expect((await status(other)).systemStatus).toBe(0);
    await put(server, operatorRoutes.setMaintenance.path, { enabled: true, endTime: null });
    const deadline = Date.now() + STATUS_CACHE_MS + 1500;
    let seen = 0;
    while (Date.now() < deadline && seen !== 1) {
      seen = (await status(other)).systemStatus;
      if (seen !== 1) await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBe(1);
  });

  it('refuses an invalid body with field errors', async () => {
    const { status: code, body } = await put(server, operatorRoutes.setMaintenance.path, {
      enabled: 'yes',
      endTime: 'tomorrow',
    });
    expect(code).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(Object.keys(body.value.fields).sort()).toEqual(['enabled', 'endTime']);
    expect((await status(server)).systemStatus).toBe(0);
  });
});

describe('region blocking', () => {
  it('blocks by IPv4 range and reopens', async () => {
    expect((await setRegion({ blockedIpRanges: ['127.0.0.0/8'] })).status).toBe(200);
    expect(await status(server)).toEqual({
      systemStatus: 2,
      maintenance: null,
      location: { ip: '127.0.0.1', countryCode: null },
    });
    const member = await getJson(server.url + '/wps/member/info', { headers: { language: 'EN' } });
    expect(member.status).toBe(403);
    expect(member.body).toEqual({
      success: false,
      code: 'region_blocked',
      message: 'Access restricted by location or IP.',
      value: null,
    });
    expect((await getJson(server.url + '/wps/system/helpCenter')).status).toBe(200);
    // The operator can always reopen, even from a blocked address.
    expect((await setRegion({})).status).toBe(200);
    expect((await status(server)).systemStatus).toBe(0);
  });

  it('does not block an address outside the range', async () => {
    await setRegion({ blockedIpRanges: ['10.0.0.0/8', '2001:db8::/32'] });
    expect((await status(server)).systemStatus).toBe(0);
    // Past the guard: the member call itself answers (no token).
    expect((await getJson(server.url + '/wps/member/info')).status).toBe(401);
  });

  it('lets an allowed range through a blocked one', async () => {
    await setRegion({ blockedIpRanges: ['127.0.0.0/8'], allowedIpRanges: ['127.0.0.1/32'] });
    expect((await status(server)).systemStatus).toBe(0);
    await setRegion({ blockedIpRanges: ['127.0.0.0/8'], allowedIpRanges: ['127.0.0.2/32'] });
    expect((await status(server)).systemStatus).toBe(2);
  });

  it('ignores X-Forwarded-For and the country header when no proxy is trusted', async () => {
    const direct = await node({ COUNTRY_HEADER: 'cf-ipcountry' });
    await setRegion({ blockedCountries: ['BR'], blockedIpRanges: ['203.0.113.0/24'] });
    const seen = await status(direct, { 'x-forwarded-for': '203.0.113.9', 'cf-ipcountry': 'BR' });
    expect(seen).toEqual({
      systemStatus: 0,
      maintenance: null,
      location: { ip: '127.0.0.1', countryCode: null },
    });
  });

  it('behind a trusted proxy, reads the client IP and country from its headers', async () => {
    const proxied = await node({ TRUST_PROXY: 'true', COUNTRY_HEADER: 'CF-IPCountry' });
    await setRegion({ blockedCountries: ['BR'] });
    expect(await status(proxied, { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'br' })).toEqual({
      systemStatus: 2,
      maintenance: null,
      location: { ip: '198.51.100.7', countryCode: 'BR' },
    });
    expect(
      (await status(proxied, { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'PT' })).systemStatus,
    ).toBe(0);
    expect(
      (await status(proxied, { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'XX' })).location
        .countryCode,
    ).toBeNull();
    const blocked = await getJson(proxied.url + '/wps/member/info', {
      headers: { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'BR' },
    });
    expect(blocked.status).toBe(403);
    // Allowed ranges win over a blocked country.
    await setRegion({ blockedCountries: ['BR'], allowedIpRanges: ['198.51.100.0/24'] });
    await settle();
    expect(
      (await status(proxied, { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'BR' })).systemStatus,
    ).toBe(0);
  });

  it('matches IPv6 ranges and IPv4-mapped addresses', async () => {
    const proxied = await node({ TRUST_PROXY: '1' });
    await setRegion({ blockedIpRanges: ['2001:db8::/32'] });
    expect(await status(proxied, { 'x-forwarded-for': '2001:db8:abcd::42' })).toMatchObject({
      systemStatus: 2,
      location: { ip: '2001:db8:abcd::42' },
    });
    expect((await status(proxied, { 'x-forwarded-for': '2001:db9::1' })).systemStatus).toBe(0);
    await setRegion({ blockedIpRanges: ['192.0.2.0/24'] });
    await settle();
    expect(await status(proxied, { 'x-forwarded-for': '::ffff:192.0.2.10' })).toMatchObject({
      systemStatus: 2,
      location: { ip: '192.0.2.10' },
    });
  });

  it('trusts the country header only from the listed proxies', async () => {
    const listed = await node({ TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' });
    const elsewhere = await node({ TRUST_PROXY: '10.0.0.0/8', COUNTRY_HEADER: 'cf-ipcountry' });
    await setRegion({ blockedCountries: ['BR'] });
    const headers = { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'BR' };
    expect(await status(listed, headers)).toMatchObject({
      systemStatus: 2,
      location: { ip: '198.51.100.7', countryCode: 'BR' },
    });
    expect(await status(elsewhere, headers)).toMatchObject({
      systemStatus: 0,
      location: { ip: '127.0.0.1', countryCode: null },
    });
  });

  it('refuses ranges that only look like CIDRs', async () => {
    const { status: code, body } = await setRegion({
      blockedIpRanges: ['10.0.0.0/8', '300.1.2.3/24'],
      allowedIpRanges: ['10.0.0.0/40'],
    });
    expect(code).toBe(400);
    expect(body).toMatchObject({
      code: 'invalid_input',
      value: { fields: { 'blockedIpRanges.1': 'invalid_cidr', 'allowedIpRanges.0': 'invalid_cidr' } },
    });
    const bad = await setRegion({ blockedCountries: ['brazil'] });
    expect(bad.status).toBe(400);
    expect(bad.body.value.fields).toHaveProperty(['blockedCountries.0']);
    // Two letters are not enough: only assigned ISO 3166-1 codes, each once.
    const unassigned = await setRegion({ blockedCountries: ['US', 'XX'] });
    expect(unassigned.status).toBe(400);
    expect(unassigned.body.value.fields).toHaveProperty(['blockedCountries.1']);
    expect((await setRegion({ blockedCountries: ['US', 'US'] })).status).toBe(400);
  });
});
