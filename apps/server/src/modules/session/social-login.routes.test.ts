import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRoutes, socialCallbackPath, socialStartPath, systemRoutes } from '@banca/contract';
import { seedDemo } from '../../seed/demo-seed.ts';
import { SETTINGS_CACHE_MS, STATUS_CACHE_MS } from '../system/index.ts';
import { SOCIAL_COOKIE } from './social-login.routes.ts';
import { safeReturnTo, withToken } from './social-login.service.ts';
import { SocialBrowser, startTestOpenIdProvider, type TestOpenIdProvider } from '../../test/oidc-provider.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { freePort, getJson, startApp, type RunningApp } from '../../test/test-app.ts';

let database: TestDatabase;
let server: RunningApp;
let idp: TestOpenIdProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  // Google and Facebook flagged on for the merchant; only Google is configured on the server.
  await database.db.updateTable('merchant').set({ social_google: true, social_facebook: true }).execute();
  idp = await startTestOpenIdProvider();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  server = await startApp(
    database.db,
    {
      PUBLIC_URL: publicUrl,
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
    },
    { port },
  );
  idp.configure([`${publicUrl}${socialCallbackPath('google')}`]);
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
  await database?.close();
});

const callbackPrefix = () => `${server.url}${socialCallbackPath('google')}`;
const startUrl = (returnTo?: string, provider = 'google') =>
  `${server.url}${socialStartPath(provider)}${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;

/** Start → provider login and consent → the callback URL the provider sends the browser to. */
async function throughProvider(browser: SocialBrowser, login: string, returnTo?: string, decline = false) {
  return browser.untilCallback(startUrl(returnTo), callbackPrefix(), { login, decline });
}

/** The whole sign-in; returns the gateway's final redirect. */
async function signIn(browser: SocialBrowser, login: string, returnTo?: string) {
  const callback = await throughProvider(browser, login, returnTo);
  const res = await browser.get(callback);
  expect(res.status).toBe(302);
  return { callback, location: res.headers.get('location')! };
}

const tokenOf = (location: string) => new URL(location, 'http://x').searchParams.get('token');
const info = (token: string) =>
  getJson(server.url + memberRoutes.info.path, { headers: { authorization: `Bearer ${token}` } });
const socialErrorOf = (location: string | null) =>
  new URL(location ?? '', 'http://x').searchParams.get('socialError');

describe('social sign-in with Google (a local OpenID provider)', () => {
  let firstMemberId: number;

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const res = await new SocialBrowser().get(startUrl('/'));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe(`${server.config.publicUrl}${socialCallbackPath('google')}`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('scope')).toBe('openid email profile');
    expect(res.headers.get('set-cookie')).toMatch(
      new RegExp(`^${SOCIAL_COOKIE}=[^;]+;.*HttpOnly; SameSite=Lax`),
    );
  });

  it('signs a new person in: a new member, a working token, returnTo kept', async () => {
    const browser = new SocialBrowser();
    const { location } = await signIn(browser, 'google-sub-1', '/wallet?tab=2#top');
    expect(location).toMatch(/^\/wallet\?tab=2&token=[A-Za-z0-9_-]{43}#top$/);
    const res = await info(tokenOf(location)!);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ type: 0 });
    expect(res.body.value.account).toMatch(/^googlesub1\d{6}$/);
    firstMemberId = res.body.value.id;

    const member = await database.db
      .selectFrom('member')
      .selectAll()
      .where('id', '=', firstMemberId)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      password_hash: null,
      email: 'google.sub.1@example.test',
      nickname: 'Maria Silva',
      register_method: 'SOCIAL_GOOGLE',
    });
    const identity = await database.db
      .selectFrom('member_social_identity')
      .selectAll()
      .where('member_id', '=', firstMemberId)
      .execute();
    expect(identity).toMatchObject([{ provider: 'google', subject: 'google-sub-1' }]);
    const audit = await database.db
      .selectFrom('auth_audit')
      .select(['event', 'detail'])
      .where('member_id', '=', firstMemberId)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { event: 'register', detail: 'social:google' },
      { event: 'login', detail: 'social:google' },
    ]);
    const session = await database.db
      .selectFrom('session')
      .select('login_type')
      .where('member_id', '=', firstMemberId)
      .executeTakeFirstOrThrow();
    expect(session.login_type).toBe('social');
    // The browser-binding cookie is cleared once spent.
    expect(browser.cookies.has(SOCIAL_COOKIE)).toBe(false);
  });

  it('signs the same person in again as the same member (no consent asked twice)', async () => {
    const before = await database.db
      .selectFrom('member')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const { location } = await signIn(new SocialBrowser(), 'google-sub-1');
    expect(location).toMatch(/^\/\?token=/);
    const res = await info(tokenOf(location)!);
    expect(res.body.value.id).toBe(firstMemberId);
    const after = await database.db
      .selectFrom('member')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('gives another subject its own member', async () => {
    const { location } = await signIn(new SocialBrowser(), 'google-sub-2');
    const res = await info(tokenOf(location)!);
    expect(res.body.value.id).not.toBe(firstMemberId);
  });

  it('refuses a replayed callback: the state is single use', async () => {
    const browser = new SocialBrowser();
    const callback = await throughProvider(browser, 'google-sub-1');
    const cookie = browser.cookies.get(SOCIAL_COOKIE)!;
    expect((await browser.get(callback)).headers.get('location')).toMatch(/token=/);
    browser.cookies.set(SOCIAL_COOKIE, cookie);
    const replay = await browser.get(callback);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/?socialError=state_invalid');
  });

  it('refuses a forged state, a missing state and a callback from another browser', async () => {
    const browser = new SocialBrowser();
    const forged = await browser.get(`${callbackPrefix()}?code=abc&state=forged-state-value`);
    expect(forged.headers.get('location')).toBe('/?socialError=state_invalid');
    const none = await browser.get(`${callbackPrefix()}?code=abc`);
    expect(none.headers.get('location')).toBe('/?socialError=state_invalid');

    // Login CSRF: a victim's browser is made to open the attacker's callback URL.
    const attacker = new SocialBrowser();
    const callback = await throughProvider(attacker, 'attacker-sub');
    const victim = await new SocialBrowser().get(callback);
    expect(victim.headers.get('location')).toBe('/?socialError=state_invalid');
    // ...and the attacker cannot use it afterwards either (the state was spent).
    expect((await attacker.get(callback)).headers.get('location')).toBe('/?socialError=state_invalid');
  });

  it('answers expired when the provider comes back after the state lifetime', async () => {
    const browser = new SocialBrowser();
    const callback = await throughProvider(browser, 'google-sub-1');
    await database.db
      .updateTable('social_login_state')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const res = await browser.get(callback);
    expect(res.headers.get('location')).toBe('/?socialError=expired');
  });

  it('answers access_denied when the person declines on the provider', async () => {
    const browser = new SocialBrowser();
    const callback = await throughProvider(browser, 'google-sub-3', '/', true);
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const res = await browser.get(callback);
    expect(res.headers.get('location')).toBe('/?socialError=access_denied');
    const failed = await database.db
      .selectFrom('auth_audit')
      .select('detail')
      .where('event', '=', 'social_login_failed')
      .execute();
    expect(failed.map((r) => r.detail)).toContain('google:access_denied');
  });

  it('replaces a returnTo that leaves the site with /', async () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const { location } = await signIn(new SocialBrowser(), 'google-sub-1', bad);
      expect(location).toMatch(/^\/\?token=[A-Za-z0-9_-]{43}$/);
    }
  });

  it('answers the 404 envelope for an unknown provider', async () => {
    for (const path of [socialStartPath('twitter'), socialCallbackPath('twitter')]) {
      const res = await getJson(server.url + path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('redirects with provider_disabled for a provider flagged on but not configured', async () => {
    const whitelabel = await getJson(server.url + systemRoutes.whitelabel.path);
    expect(whitelabel.body.value.socialLogin).toEqual({ google: true, facebook: false });
    const res = await new SocialBrowser().get(startUrl('/', 'facebook'));
    expect(res.status).toBe(302);
    expect(socialErrorOf(res.headers.get('location'))).toBe('provider_disabled');
  });

  it('turns Google off with the merchant flag: the white-label says so and sign-in is refused', async () => {
    const browser = new SocialBrowser();
    const callback = await throughProvider(browser, 'google-sub-1');
    await database.db.updateTable('merchant').set({ social_google: false }).execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, Math.max(SETTINGS_CACHE_MS, STATUS_CACHE_MS) + 100));
      const whitelabel = await getJson(server.url + systemRoutes.whitelabel.path);
      expect(whitelabel.body.value.socialLogin).toEqual({ google: false, facebook: false });
      const start = await new SocialBrowser().get(startUrl('/'));
      expect(start.headers.get('location')).toBe('/?socialError=provider_disabled');
      // A sign-in already at the provider when the flag went off is refused too.
      expect((await browser.get(callback)).headers.get('location')).toBe('/?socialError=provider_disabled');
    } finally {
      await database.db.updateTable('merchant').set({ social_google: true }).execute();
    }
  });
});

describe('social sign-in abuse limit', () => {
  it('refuses more starts from one address than the limit, with a socialError redirect', async () => {
    const port = await freePort();
    const limited = await startApp(
      database.db,
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_GOOGLE_ISSUER: idp.issuer,
        OIDC_GOOGLE_CLIENT_ID: idp.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
      },
      { port, authLimits: { socialStartsPerIp: { points: 2 } } },
    );
    try {
      const start = () => new SocialBrowser().get(`${limited.url}${socialStartPath('google')}`);
      for (let i = 0; i < 2; i++) {
        const res = await start();
        expect(new URL(res.headers.get('location')!).origin).toBe(idp.issuer);
      }
      const refused = await start();
      expect(refused.status).toBe(302);
      expect(socialErrorOf(refused.headers.get('location'))).toBe('too_many_requests');
    } finally {
      await limited.close();
    }
  });
});

describe('safeReturnTo and withToken', () => {
  it('keeps same-site paths and drops everything else', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('/agentHome')).toBe('/agentHome');
    expect(safeReturnTo('/a/b?x=1#h')).toBe('/a/b?x=1#h');
    expect(safeReturnTo('/?token=stolen&x=1')).toBe('/?x=1');
    for (const bad of [
      '',
      'wallet',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\tx',
      '/'.padEnd(600, 'a'),
    ]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });

  it('adds the token before the fragment', () => {
    expect(withToken('/', 't')).toBe('/?token=t');
    expect(withToken('/w?a=1#x', 't')).toBe('/w?a=1&token=t#x');
  });
});
