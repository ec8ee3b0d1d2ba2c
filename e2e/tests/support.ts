import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const here = dirname(fileURLToPath(import.meta.url));
const i18nDir = join(here, '../../apps/web/src/i18n');

type Catalogue = Record<string, unknown>;
/** Each language ships in files (core with the first route, one per feature on demand); a key is in one. */
const load = (lang: 'pt' | 'en'): Catalogue[] =>
  readdirSync(join(i18nDir, lang))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(i18nDir, lang, file), 'utf8')) as Catalogue);
const catalogues = { PT: load('pt'), EN: load('en') };

const lookup = (catalogue: Catalogue, key: string): unknown => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  return node;
};

/** The text the app shows for a message key, read from the app's own catalogues. */
export const t = (lang: 'PT' | 'EN', key: string): string => {
  const text = catalogues[lang]
    .map((catalogue) => lookup(catalogue, key))
    .find((node) => typeof node === 'string');
  if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return text;
};

/**
 * The width a test runs at: its project's name, or the name's first word for the projects of the
 * site-wide pass ("phone-site" is a phone; e2e/playwright.config.ts).
 */
const widthOf = (info: TestInfo): 'phone' | 'desktop' =>
  info.project.name.startsWith('phone') ? 'phone' : 'desktop';

/**
 * Galleries: a screen photographed in every language, theme and width for a person to look at, each a
 * page load of its own. Nobody looks at them in CI, where they cost minutes of the run's budget, so
 * there a gallery takes only the first of each list it is given (its checks still run once); outside
 * CI, or with E2E_PHOTOS=1, it takes every combination. Checks that differ by theme or language (axe's
 * contrast, a number's format) keep their own loops.
 */
export const galleries = process.env.E2E_PHOTOS === '1' || !process.env.CI;
export const gallery = <T>(all: readonly T[]): readonly T[] => (galleries ? all : all.slice(0, 1));

/** Screenshots land in e2e/.artifacts/shots, named by width, for a person to look at. */
export const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.screenshot({
    path: join(here, '../.artifacts/shots', `${widthOf(info)}-${name}.png`),
    animations: 'disabled',
  });
};

const operator = () => ({ Authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN ?? ''}` });

export const setMaintenance = async (api: APIRequestContext, enabled: boolean, endTime: string | null) => {
  const res = await api.put('/ops/system/maintenance', { headers: operator(), data: { enabled, endTime } });
  expect(res.ok()).toBe(true);
};

export const setRegion = async (api: APIRequestContext, blockedIpRanges: string[]) => {
  const res = await api.put('/ops/system/region', {
    headers: operator(),
    data: { blockedCountries: [], blockedIpRanges, allowedIpRanges: [] },
  });
  expect(res.ok()).toBe(true);
};

/** Settings are cached per node for up to a second or two; wait until the status call shows the change. */
export const waitForStatus = async (api: APIRequestContext, systemStatus: number) => {
  await expect
    .poll(async () => (await (await api.get('/wps/system/status')).json()).value.systemStatus, {
      timeout: 10_000,
    })
    .toBe(systemStatus);
};

export const isPhone = (info: TestInfo) => widthOf(info) === 'phone';

/**
 * The language select, as a person reaches it: in the header on desktops, in the side-menu drawer on
 * phones (opened here; close it with Escape after choosing). `lang` is the page's current language.
 */
export const languageSelect = async (page: Page, info: TestInfo, lang: 'PT' | 'EN') => {
  if (isPhone(info)) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: t(lang, 'header.openMenu') })
      .click();
    return page.locator('#side-menu').getByRole('combobox', { name: t(lang, 'language.label') });
  }
  return page.getByRole('banner').getByRole('combobox', { name: t(lang, 'language.label') });
};

/**
 * The client address a journey's page presents to the gateway. The gateway keeps its abuse limits
 * per client address (10 sign-ups an hour, 20 trial accounts, 30 SMS, 60 captcha images a minute)
 * and the whole suite's browser reaches it from 127.0.0.1, so a journey that creates accounts or asks
 * for codes presents an address of its own in X-Forwarded-For. The gateway believes that header only
 * from the hops TRUST_PROXY names (e2e/run.mjs: loopback), as in production behind a proxy.
 *
 * Same run, spec file, project and `name` give the same address: a member registered in one test of a
 * file logs in from a known address in the next (no second verification); another `name` is another
 * address (a login from elsewhere). A new run draws new addresses (E2E_RUN_ID, set once per run in
 * playwright.config.ts), so reruns within the hour do not add up either, even with counters in Redis.
 * Only the page's own requests carry it: `page.request` (the /dev sandbox calls, loopback only) and
 * pages that log in the demo accounts (known at 127.0.0.1) stay at the socket's address.
 */
export const clientAddress = (info: TestInfo, name = ''): string => {
  const digest = createHash('sha256')
    .update(`${process.env.E2E_RUN_ID ?? ''}|${info.file}|${info.project.name}|${name}`)
    .digest();
  return `10.${1 + (digest[0]! % 254)}.${digest[1]!}.${1 + (digest[2]! % 254)}`;
};

/** Sends this page's requests from `clientAddress(info, name)` as the gateway sees them. */
export const fromOwnAddress = async (page: Page, info: TestInfo, name = ''): Promise<string> => {
  const address = clientAddress(info, name);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
};

/** The current TOTP code of an operator's secret, as its authenticator app shows it. */
export const totpCode = (secret: string, at: number = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/**
 * A named finance operator for the back-office steps of a journey: created with the bootstrap
 * OPERATOR_TOKEN (which may only create operators), then logged in with its password and a TOTP code
 * (enrolling at this first login) as a script would, asking for a bearer session. Returns its header.
 */
export async function financeOperator(api: APIRequestContext): Promise<Record<string, string>> {
  const username = `fin${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 1000)}`;
  const password = 'e2e-finance-password';
  const created = await api.post('/ops/operators', {
    headers: operator(),
    data: { username, password, role: 'finance' },
  });
  expect(created.ok()).toBe(true);
  const login = await api.post('/ops/session/login', { data: { username, password } });
  expect(login.ok()).toBe(true);
  const { challenge, enrolment } = (await login.json()).value;
  const session = await api.post('/ops/session/totp', {
    data: { challenge, code: totpCode(enrolment.secret), session: 'bearer' },
  });
  expect(session.ok()).toBe(true);
  return { Authorization: `Bearer ${(await session.json()).value.token}` };
}

/**
 * The sandbox vendor's secret for the run: e2e/run.mjs rotates it once when the server is ready
 * (POST /dev/vendor/credentials) and hands it to the journeys as E2E_SANDBOX_SECRET. Journeys never
 * rotate it themselves: they run side by side, and a node reads a rotation only when its few-second
 * cache of secrets expires, so one journey's rotation would refuse the calls another signs meanwhile
 * (and a second rotation would end the first journey's secret).
 */
const sandboxSecret = (): string => {
  const secret = process.env.E2E_SANDBOX_SECRET;
  if (!secret) throw new Error('E2E_SANDBOX_SECRET is not set: run the suite through e2e/run.mjs');
  return secret;
};

/**
 * The sandbox vendor's signed wallet calls (docs/vendor-api.md), with the run's secret:
 * `send('debit' | 'credit', body)` expects a 200.
 */
export function sandboxVendor(api: APIRequestContext) {
  const vendor = 'SANDBOX';
  const secret = sandboxSecret();
  return async (call: 'debit' | 'credit', body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await api.post(`/callback/vendor/${call}`, {
      headers: {
        'content-type': 'application/json',
        'x-vendor-id': vendor,
        'x-vendor-timestamp': ts,
        'x-vendor-signature': createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
      },
      data: raw,
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
}

/** Plays closed rounds for a member with the sandbox vendor: a debit of each stake, a credit of its payout. */
export async function playSandboxRounds(
  api: APIRequestContext,
  memberId: number,
  rounds: readonly { gameCode: string; stake: number; payout: number }[],
): Promise<void> {
  const session = await api.post('/dev/vendor/player-session', {
    data: { vendor: 'SANDBOX', memberId, amount: 0 },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const playerSession = (await session.json()).value.playerSession as string;
  const send = sandboxVendor(api);
  for (const r of rounds) {
    const roundId = `e2e-${randomBytes(6).toString('hex')}`;
    await send('debit', {
      playerSession,
      transactionId: `${roundId}-d`,
      roundId,
      gameCode: r.gameCode,
      amount: r.stake,
    });
    await send('credit', {
      playerSession,
      transactionId: `${roundId}-c`,
      roundId,
      amount: r.payout,
      closeRound: true,
    });
  }
}

/**
 * A new named operator of `role` logged in to the back office in the browser (Portuguese, the app's
 * default): password, then the TOTP enrolment and its recovery codes. Returns its username.
 */
export async function backofficeLogin(page: Page, role = 'admin'): Promise<string> {
  const username = `bo${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 1000)}`;
  const password = 'e2e-backoffice-pass';
  const created = await page.request.post('/ops/operators', {
    headers: operator(),
    data: { username, password, role },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/backoffice/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Código de verificação').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await page.getByRole('button', { name: 'Guardei os códigos, continuar' }).click();
  return username;
}
