import fc from 'fast-check';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptCustomerServicePath,
  envelopeSchema,
  REGISTER_FIELDS,
  systemRoutes,
  PATTERN_FAMILIES,
} from '@banca/contract';
import { seedDemo } from '../../seed/demo-seed.ts';
import { DEMO_CUSTOMER_SERVICES } from '../../seed/demo-content.ts';
import { ensureServerKey } from '../../platform/crypto/server-keys.ts';
import { decryptJwe } from '../../platform/crypto/jwe.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { getJson, startApp, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let server: RunningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startApp(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('system calls on the seeded demo merchant', () => {
  // The member-facing calls (the help centre's /ops calls have their own test).
  const publicCalls = Object.values(systemRoutes).filter((def) => !def.path.startsWith('/ops/'));
  it.each(publicCalls.map((def) => [def.id, def] as const))(
    '%s answers the envelope and matches its contract schema',
    async (_id, def) => {
      const { status, body, headers } = await getJson(server.url + def.path);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('application/json');
      expect(body).toMatchObject({ success: true, code: 'ok', message: '' });
      // Strict parse: the answer is exactly what the web client will validate.
      envelopeSchema(def.response).parse(body);
      if (Array.isArray(body.value)) expect(body.value.length).toBeGreaterThan(0);
    },
  );

  it('status is normal for a plain visitor and shows their address', async () => {
    const { body } = await getJson(server.url + systemRoutes.status.path);
    expect(body.value).toEqual({
      systemStatus: 0,
      maintenance: null,
      location: { ip: '127.0.0.1', countryCode: null },
    });
  });

  it('white-label flags carry the demo merchant', async () => {
    const { body } = await getJson(server.url + systemRoutes.whitelabel.path);
    expect(body.value).toMatchObject({
      merchantCode: 'banca',
      siteName: 'Banca',
      currency: 'BRL',
      currencySymbol: 'R$',
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      FREEPLAY3: true,
      vip: { enabled: true, labelName: 'VIP' },
      referral: { enabled: true },
      socialLogin: { facebook: false, google: false },
    });
  });

  it('register settings cover every field with its pattern family', async () => {
    const { body } = await getJson(server.url + systemRoutes.registerSettings.path);
    const byName = new Map(body.value.map((f: { name: string }) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual([...REGISTER_FIELDS].sort());
    expect(byName.get('username')).toEqual({
      name: 'username',
      enabled: true,
      required: true,
      patternId: 1,
      acceptedPattern: PATTERN_FAMILIES[1],
      minLength: 6,
      maxLength: 16,
    });
    expect(byName.get('mobileNum')).toMatchObject({ patternId: 3, minLength: 10, maxLength: 11 });
    expect(byName.get('email')).toMatchObject({ patternId: 14, acceptedPattern: PATTERN_FAMILIES[14] });
  });

  it('help centre answers per language, with the terms under the slug "term"', async () => {
    const pt = await getJson(`${server.url}/wps/system/helpCenter?lang=PT&device=WEB`);
    const en = await getJson(`${server.url}/wps/system/helpCenter?lang=EN`);
    const def = await getJson(`${server.url}/wps/system/helpCenter`);
    expect(def.body.value).toEqual(pt.body.value); // PT is the default
    const ptTerm = pt.body.value.find((a: { slug: string }) => a.slug === 'term');
    const enTerm = en.body.value.find((a: { slug: string }) => a.slug === 'term');
    expect(ptTerm.title).toBe('Termos e condições');
    expect(enTerm.title).toBe('Terms and conditions');
    expect(pt.body.value.map((a: { slug: string }) => a.slug)).toEqual(
      en.body.value.map((a: { slug: string }) => a.slug),
    );
    for (const article of [...pt.body.value, ...en.body.value]) {
      expect(article.content).toMatch(/^<(p|h3|ul)>/);
      expect(article.content.toLowerCase()).not.toContain('lorem');
    }
  });

  it('help centre refuses an unknown language with a field error', async () => {
    const { status, body } = await getJson(`${server.url}/wps/system/helpCenter?lang=FR`, {
      headers: { language: 'EN' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: 'invalid_input',
      message: 'Invalid input.',
      value: { fields: { lang: expect.any(String) } },
    });
  });

  it('countries include Brazil, Portugal and the USA with their dialing codes', async () => {
    const { body } = await getJson(server.url + systemRoutes.countries.path);
    const codes = Object.fromEntries(
      body.value.map((c: { countryCode: string; countryDialingCode: string }) => [
        c.countryCode,
        c.countryDialingCode,
      ]),
    );
    expect(codes).toMatchObject({ BR: '+55', PT: '+351', US: '+1' });
    expect(body.value.length).toBeGreaterThanOrEqual(15);
  });

  it('customer-service paths are encrypted and decrypt to the configured links', async () => {
    const { body } = await getJson(server.url + systemRoutes.customerService.path);
    // The demo has one channel, the built-in support page: every entry must lead somewhere real.
    expect(body.value.map((c: { csType: string }) => c.csType)).toEqual(['LIVE_CHAT']);
    for (const [i, entry] of body.value.entries()) {
      expect(entry.path).not.toContain('/support');
      expect(await decryptCustomerServicePath(entry.path)).toBe(DEMO_CUSTOMER_SERVICES[i]!.path);
    }
    expect(await decryptCustomerServicePath(body.value[0].path)).toBe('/support');
  });

  it('resources list the app downloads on the site domain and social channels', async () => {
    const { body } = await getJson(server.url + systemRoutes.resources.path);
    const types = body.value.map((r: { resourceType: string }) => r.resourceType);
    expect(types).toEqual(
      expect.arrayContaining([
        'APP_IOS',
        'APP_ANDROID',
        'SOCIAL_FACEBOOK',
        'SOCIAL_WHATSAPP',
        'SOCIAL_TELEGRAM',
      ]),
    );
    expect(body.value.find((r: { resourceType: string }) => r.resourceType === 'APP_IOS').url).toBe(
      'https://banca.example/app/ios',
    );
  });

  it('start-up answers what the separate calls answer, in one round trip', async () => {
    const value = async (path: string) => (await getJson(server.url + path)).body.value;
    const { body } = await getJson(server.url + systemRoutes.startup.path);
    expect(body.value).toEqual({
      status: await value(systemRoutes.status.path),
      whitelabel: await value(systemRoutes.whitelabel.path),
      cdn: await value(systemRoutes.cdn.path),
      resources: await value(systemRoutes.resources.path),
      customerServices: await value(systemRoutes.customerService.path),
    });
  });

  it('start-up ignores whatever query it is sent: the same answer, never a 5xx', async () => {
    const { body: expected } = await getJson(server.url + systemRoutes.startup.path);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 200 })),
        async (query) => {
          const url = `${server.url}${systemRoutes.startup.path}?${new URLSearchParams(query)}`;
          const { status, body } = await getJson(url);
          expect(status).toBe(200);
          expect(body).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('domain routes include localhost', async () => {
    const { body } = await getJson(server.url + systemRoutes.domainRoute.path);
    expect(body.value).toContainEqual({ domain: 'localhost', type: 'MEMBER', affiliateCode: null });
  });

  it('a body encrypted with the public JWK opens with the stored private key', async () => {
    const { body } = await getJson(server.url + systemRoutes.publicKey.path);
    const key = await importJWK(body.value, 'RSA-OAEP-256');
    const payload = { username: 'maria123', password: 'segredo99' };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: body.value.kid })
      .encrypt(key);
    // Another node loads the same key from the database.
    const stored = await ensureServerKey(database.db);
    expect(stored.kid).toBe(body.value.kid);
    expect(await decryptJwe(jwe, stored.privateKey)).toEqual(payload);
  });

  it('decryptJwe refuses other algorithms and tampered tokens', async () => {
    const { body } = await getJson(server.url + systemRoutes.publicKey.path);
    const stored = await ensureServerKey(database.db);
    const key = await importJWK(body.value, 'RSA-OAEP');
    const weak = await new CompactEncrypt(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A128GCM' })
      .encrypt(key);
    await expect(decryptJwe(weak, stored.privateKey)).rejects.toThrow();
    const good = await new CompactEncrypt(new TextEncoder().encode('{"a":1}'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(await importJWK(body.value, 'RSA-OAEP-256'));
    const parts = good.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    await expect(decryptJwe(parts.join('.'), stored.privateKey)).rejects.toThrow();
  });
});

describe('system calls on a database without demo content', () => {
  it('status still answers normal; merchant-specific calls answer not_found or empty lists', async () => {
    const empty = await createTestDatabase();
    const app = await startApp(empty.db);
    try {
      expect((await getJson(app.url + '/wps/system/status')).body.value.systemStatus).toBe(0);
      const wl = await getJson(app.url + '/wps/system/whitelabel');
      expect(wl.status).toBe(404);
      expect(wl.body).toMatchObject({ success: false, code: 'not_found', value: null });
      expect((await getJson(app.url + '/wps/system/startup')).status).toBe(404);
      expect((await getJson(app.url + '/wps/system/countries')).body).toEqual({
        success: true,
        code: 'ok',
        message: '',
        value: [],
      });
      expect((await getJson(app.url + '/wps/system/publicKey')).status).toBe(200);
    } finally {
      await app.close();
      await empty.close();
    }
  });
});
