import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  errorEnvelopeSchema,
  LANGUAGE_HEADER,
  operatorRoutes,
  STARTUP_ELEMENT_ID,
  systemRoutes,
} from '@banca/contract';
import {
  callRequestKey,
  FIRST_PAINT_ELEMENT_ID,
  HOME_BANNER_GROUP,
  homeFirstCalls,
  type FirstCall,
  type InlineAnswer,
} from '@banca/contract/routes';
import { seedDemo } from '../../seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import { getJson, OPERATOR_TOKEN, operatorHeaders, startApp, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let server: RunningApp;
let bare: RunningApp;
let webDist: string;

const INDEX_HTML =
  '<!doctype html><html><head><title>Banca test shell</title></head><body><div id="root"></div></body></html>';
const ASSET = 'assets/index-Ab12Cd34.js';
const ASSET_SOURCE = `console.log(${JSON.stringify('banca '.repeat(400))});`;

/** One GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );

/** The start-up data index.html carries, parsed as the app parses it. */
const jsonElementIn = (page: string, id: string): unknown => {
  const match = new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(page);
  return match ? JSON.parse(match[1]!) : undefined;
};
/** The start-up data index.html carries, parsed as the app parses it. */
const startupIn = (page: string): unknown => jsonElementIn(page, STARTUP_ELEMENT_ID);
/** index.html without what the gateway adds to its head. */
const withoutInlined = (page: string): string =>
  page
    .replace(/<script id="[^"]+" type="application\/json">[^<]*<\/script>/g, '')
    .replace(/<link rel="preload" as="image"[^>]*>/g, '');

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'banca-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, ASSET), ASSET_SOURCE);
  // What the build's precompress plugin writes beside each asset.
  writeFileSync(path.join(webDist, `${ASSET}.br`), brotliCompressSync(ASSET_SOURCE));
  writeFileSync(path.join(webDist, `${ASSET}.gz`), gzipSync(ASSET_SOURCE));
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /from-dist\n');
  database = await createTestDatabase();
  await seedDemo(database.db);
  // The lobby's demo content (catalogue, banners): the home's first answers have something to carry.
  await seedDemoLobby(database.db);
  server = await startApp(database.db, { WEB_DIST: webDist, OPERATOR_TOKEN, BODY_LIMIT: '4096' });
  bare = await startApp(database.db, { WEB_DIST: path.join(webDist, 'missing') });
});

afterAll(async () => {
  await server?.close();
  await bare?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const expectEnvelope404 = (res: { status: number; body: unknown; headers: Headers }) => {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(errorEnvelopeSchema.parse(res.body)).toMatchObject({
    success: false,
    code: 'not_found',
    value: null,
  });
};

describe('errors always answer the envelope', () => {
  it.each([
    ['GET', '/wps/no/such/call', html],
    ['GET', '/lgw/games/unknown', {}],
    ['POST', '/wps/unknown', {}],
    ['GET', '/ops/anything', html],
    ['DELETE', '/some/page', html],
    ['POST', '/', {}],
    ['GET', '/some/page', { accept: 'application/json' }],
  ] as const)('%s %s is a 404 envelope', async (method, url, headers) => {
    expectEnvelope404(await getJson(server.url + url, { method, headers }));
  });

  it('localises the message by the Language header', async () => {
    expect((await getJson(server.url + '/wps/x')).body.message).toBe('Não encontrado.');
    expect((await getJson(server.url + '/wps/x', { headers: { language: 'EN' } })).body.message).toBe(
      'Not found.',
    );
    expect((await getJson(server.url + '/wps/x', { headers: { language: 'xx' } })).body.message).toBe(
      'Não encontrado.',
    );
  });

  it('malformed JSON is a 400 invalid_json envelope', async () => {
    const res = await getJson(server.url + operatorRoutes.setMaintenance.path, {
      method: 'PUT',
      headers: operatorHeaders(),
      body: '{"enabled": tru',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'invalid_json',
      message: 'O corpo da solicitação não é um JSON válido.',
      value: null,
    });
  });

  it('an oversized body is a 413 payload_too_large envelope', async () => {
    const res = await getJson(server.url + operatorRoutes.setRegion.path, {
      method: 'PUT',
      headers: operatorHeaders(),
      body: JSON.stringify({
        blockedCountries: [],
        blockedIpRanges: Array(600).fill('10.0.0.0/8'),
        allowedIpRanges: [],
      }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'payload_too_large', value: null });
  });

  it('a wrong content type is a 415 envelope', async () => {
    const res = await getJson(server.url + operatorRoutes.setMaintenance.path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'text/csv' },
      body: 'enabled,true',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('API answers are never cached', async () => {
    const res = await getJson(server.url + systemRoutes.status.path);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('request ids', () => {
  it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
    const kept = await fetch(server.url + '/healthz', { headers: { 'x-request-id': 'edge-42.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42.abc');
    const replaced = await fetch(server.url + '/healthz', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await fetch(server.url + '/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it.each(['/', '/wps/system/status', '/some/page'])('%s carries the CSP and helmet headers', async (url) => {
    const res = await fetch(server.url + url, { headers: html });
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("lets only our own site frame the game vendors' pages (the game popup), never their APIs", async () => {
    for (const url of ['/house/play?vendor=BANCA', '/house/lottery', '/sandbox/play']) {
      const csp = (await fetch(server.url + url, { headers: html })).headers.get('content-security-policy');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("frame-ancestors 'none'");
    }
    for (const url of ['/house', '/housex/play', '/house/api/session', '/member']) {
      const csp = (await fetch(server.url + url, { headers: html })).headers.get('content-security-policy');
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the SPA', () => {
  it('serves index.html for any HTML navigation, with the start-up data, revalidated every time', async () => {
    const { body: expected } = await getJson(server.url + systemRoutes.startup.path);
    for (const url of ['/', '/?utm_source=x', '/login', '/member/securityCenter', '/agentHome?x=1']) {
      const res = await fetch(server.url + url, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const page = await res.text();
      // Titled with the site's name (white-label), the rest as built.
      const titled = INDEX_HTML.replace(
        /<title>[^<]*<\/title>/,
        `<title>${expected.value.whitelabel.siteName}</title>`,
      );
      expect(titled).not.toBe(INDEX_HTML);
      expect(withoutInlined(page)).toBe(titled);
      expect(page.indexOf(`id="${STARTUP_ELEMENT_ID}"`)).toBeLessThan(page.indexOf('</head>'));
      expect(startupIn(page)).toEqual(expected.value);
      // The home's first answers come with the home only (its query aside).
      expect(jsonElementIn(page, FIRST_PAINT_ELEMENT_ID) !== undefined).toBe(url.split('?')[0] === '/');
    }
  });

  it("index.html for / carries the home's first answers, equal to the calls' own, and preloads its banner", async () => {
    const page = await (await fetch(server.url + '/', { headers: html })).text();
    const inlined = jsonElementIn(page, FIRST_PAINT_ELEMENT_ID) as InlineAnswer[];
    const calls = Object.values(homeFirstCalls(DEFAULT_LANGUAGE));
    expect(inlined.map((a) => a.key).sort()).toEqual(
      calls.map((c) => callRequestKey(c.call, c.request)).sort(),
    );
    for (const { call, request } of calls as FirstCall[]) {
      const query = new URLSearchParams(
        Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
      ).toString();
      const res = await fetch(`${server.url}${call.path}${query ? `?${query}` : ''}`, {
        method: call.method,
        headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: DEFAULT_LANGUAGE },
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      });
      const answer = (await res.json()) as { success: boolean; value: unknown };
      expect(answer.success, call.id).toBe(true);
      const mine = inlined.find((a) => a.key === callRequestKey(call, request));
      expect(mine?.value, call.id).toEqual(answer.value);
    }
    const content = inlined.find((a) =>
      a.key.startsWith(`${homeFirstCalls(DEFAULT_LANGUAGE).content.call.id} `),
    )?.value as { banners: { groupName: string; url: string }[] };
    const first = content.banners.find((b) => b.groupName === HOME_BANNER_GROUP);
    expect(first).toBeDefined();
    expect(page).toContain(`<link rel="preload" as="image" href="${first!.url}" fetchpriority="high">`);
  });

  it("a visitor the region-blocked page is for gets none of the home's answers", async () => {
    // Behind a trusted proxy the visitor's address is their own, not the gateway's loopback (from which
    // the gateway makes the home's calls, and which is not blocked).
    const proxied = await startApp(database.db, { WEB_DIST: webDist, OPERATOR_TOKEN, TRUST_PROXY: 'true' });
    const region = (blockedIpRanges: string[]) =>
      fetch(proxied.url + operatorRoutes.setRegion.path, {
        method: 'PUT',
        headers: { ...operatorHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ blockedCountries: [], blockedIpRanges, allowedIpRanges: [] }),
      });
    const visit = async () =>
      (await fetch(proxied.url + '/', { headers: { ...html, 'x-forwarded-for': '203.0.113.7' } })).text();
    try {
      expect(jsonElementIn(await visit(), FIRST_PAINT_ELEMENT_ID)).toBeDefined();
      expect((await region(['203.0.113.0/24'])).status).toBe(200);
      const page = await visit();
      expect(startupIn(page)).toMatchObject({ status: { systemStatus: 2 } });
      expect(jsonElementIn(page, FIRST_PAINT_ELEMENT_ID)).toBeUndefined();
      expect(page).not.toContain('rel="preload"');
    } finally {
      await region([]);
      await proxied.close();
    }
  });

  it("index.html carries this visitor's status: the maintenance page needs no call either", async () => {
    const put = (enabled: boolean) =>
      fetch(server.url + operatorRoutes.setMaintenance.path, {
        method: 'PUT',
        headers: { ...operatorHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ enabled, endTime: null }),
      });
    expect((await put(true)).status).toBe(200);
    try {
      const page = await (await fetch(server.url + '/', { headers: html })).text();
      expect(startupIn(page)).toMatchObject({ status: { systemStatus: 1, location: { ip: '127.0.0.1' } } });
      // The maintenance page is for this visitor: none of the home's answers, no banner preload.
      expect(jsonElementIn(page, FIRST_PAINT_ELEMENT_ID)).toBeUndefined();
      expect(page).not.toContain('rel="preload"');
    } finally {
      await put(false);
    }
  });

  it('compresses index.html and sends each asset as the precompressed copy the client accepts', async () => {
    const page = await rawGet(`${server.url}/`, { accept: html.accept, 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');

    for (const [accept, encoding, file] of [
      ['gzip, deflate, br, zstd', 'br', brotliCompressSync(ASSET_SOURCE)],
      ['gzip', 'gzip', gzipSync(ASSET_SOURCE)],
      ['identity', undefined, Buffer.from(ASSET_SOURCE)],
    ] as const) {
      const res = await rawGet(`${server.url}/${ASSET}`, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.body.equals(file), accept).toBe(true);
    }
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await fetch(`${server.url}/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toBe(ASSET_SOURCE);
  });

  it('a missing asset is a 404, never index.html', async () => {
    const res = await getJson(`${server.url}/assets/gone-123.js`, { headers: { accept: '*/*' } });
    expectEnvelope404(res);
  });

  it('serves favicon.ico and robots.txt, from the build when present, else the server own', async () => {
    const robots = await fetch(server.url + '/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('/from-dist');
    const favicon = await fetch(server.url + '/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');
    expect((await favicon.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const ownRobots = await fetch(bare.url + '/robots.txt');
    expect(await ownRobots.text()).toContain('Disallow: /wps/');
  });

  it('without a build, GET / explains how to build the web app', async () => {
    const res = await fetch(bare.url + '/', { headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build');
  });
});

describe('API documentation', () => {
  it('/docs renders Swagger UI with its own relaxed CSP', async () => {
    const res = await fetch(server.url + '/docs', { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('/docs/json lists every contract route with its method', async () => {
    const { status, body } = await getJson(server.url + '/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const def of [...Object.values(systemRoutes), ...Object.values(operatorRoutes)]) {
      // OpenAPI spells path parameters {id} where the contract (and Fastify) say :id.
      const path = def.path.replace(/:(\w+)/g, '{$1}');
      const operation = body.paths[path]?.[def.method.toLowerCase()];
      expect(operation, `${def.method} ${def.path}`).toBeDefined();
      expect(operation.operationId).toBe(def.id);
      expect(operation.responses['200']).toBeDefined();
    }
    expect(Object.keys(body.paths).some((p) => p.startsWith('/docs'))).toBe(false);
  });
});

describe('health', () => {
  it('/healthz and /readyz answer ok while the database is up', async () => {
    expect((await getJson(server.url + '/healthz')).body).toEqual({
      success: true,
      code: 'ok',
      message: '',
      value: { status: 'ok' },
    });
    expect((await getJson(server.url + '/readyz')).status).toBe(200);
  });

  // Last: it closes the database this file uses.
  it('/readyz answers 503 once the database is gone, /healthz stays 200', async () => {
    await database.close();
    const ready = await getJson(server.url + '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ success: false, value: { status: 'unavailable' } });
    expect((await getJson(server.url + '/healthz')).status).toBe(200);
    // A call that needs the database fails as a 500 envelope without details.
    const broken = await getJson(server.url + '/wps/system/whitelabel', { headers: { language: 'EN' } });
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({
      success: false,
      code: 'internal_error',
      message: 'Unknown error.',
      value: null,
    });
  });
});
