import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

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

/** Screenshots land in e2e/.artifacts/shots, named by project, for a person to look at. */
export const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.screenshot({
    path: join(here, '../.artifacts/shots', `${info.project.name}-${name}.png`),
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

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/**
 * A named finance operator for the back-office steps of a journey: created with the bootstrap
 * OPERATOR_TOKEN (which may only create operators), then logged in. Returns its bearer header.
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
  return { Authorization: `Bearer ${(await login.json()).value.token}` };
}
