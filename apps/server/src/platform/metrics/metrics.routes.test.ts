/**
 * GET /metrics over the real app: closed without METRICS_TOKEN (404) and to anyone without it (401,
 * the operator token included); with it, the request, ledger and vendor-call counters move for what
 * a member and a vendor did, and nothing in the scrape names the member (account, token, IP, id) or
 * a raw URL. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRoutes,
  depositCallbacks,
  depositRoutes,
  depositViewSchema,
  walletRoutes,
} from '@banca/contract';
import { randomBytes } from 'node:crypto';
import {
  authClient,
  insertAccounts,
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  type AuthClient,
} from '../../test/auth-client.ts';
import { seedDemo } from '../../seed/demo-seed.ts';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { getJson, OPERATOR_TOKEN, startApp, type RunningApp } from '../../test/test-app.ts';
import {
  devPlayers,
  devVendorSecret,
  newVendorId,
  vendorClient,
} from '../../platform/vendor-api/vendor-client.ts';
import { UNMATCHED_ROUTE } from './http-metrics.ts';
import { METRICS_PATH } from './metrics.ts';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';

let database: TestDatabase;
let server: RunningApp & { client: AuthClient };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoLobby(database.db);
  // TRUST_PROXY: each member gets an address of its own (x-forwarded-for), as behind a balancer.
  const running = await startApp(database.db, { METRICS_TOKEN, OPERATOR_TOKEN, TRUST_PROXY: 'true' });
  server = { ...running, client: await authClient(running.url) };
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(server.url + METRICS_PATH, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** One series' value from a scrape (0 when absent): `name{a="x",b="y"}` with labels in any order. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

/**
 * Every label value of the gateway's own series (banca_*) but histogram bounds (le). prom-client's
 * default series are left out: their labels are its own (heap spaces, GC kinds, Node's version).
 */
const labelValues = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('banca_'))
    .flatMap((line) => [...line.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)])
    .filter((m) => m[1] !== 'le')
    .map((m) => m[2]!);

const requests = (text: string, method: string, route: string, statusClass = '2xx') =>
  valueOf(text, 'banca_http_request_duration_seconds_count', { method, route, status_class: statusClass });

describe('who may scrape', () => {
  it('answers 404 when METRICS_TOKEN is not configured, even with the operator token', async () => {
    const bare = await startApp(database.db, { OPERATOR_TOKEN });
    try {
      const tries: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${OPERATOR_TOKEN}` },
        { authorization: `Bearer ${METRICS_TOKEN}` },
        // A browser asking for HTML gets the 404 too, not the site's page.
        { accept: 'text/html' },
      ];
      for (const headers of tries) {
        const res = await getJson(bare.url + METRICS_PATH, { headers });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    } finally {
      await bare.close();
    }
  });

  it('refuses a scrape without the token, with a wrong one, and with the operator token (401)', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`,
      `Bearer ${OPERATOR_TOKEN}`,
    ]) {
      const res = await getJson(server.url + METRICS_PATH, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, authorization).toBe(401);
      expect(res.body.code).toBe('not_logged_in');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(JSON.stringify(res.body)).not.toContain('banca_');
    }
  });
});

describe('what a scrape holds', () => {
  it('counts a login, a deposit and its ledger transfer by route and kind, and names no member', async () => {
    const before = await scrape();

    const ip = freshIp();
    const account = freshUsername('met');
    const [memberId] = await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
    const login = await server.client.login(account, FAST_PASSWORD, {}, { ip });
    expect(login.status).toBe(200);
    const token = login.body.value.token as string;

    const created = await server.client.call(depositRoutes.create.path, {
      token,
      ip,
      body: { channel: 'PIX', amount: 7_000, idempotencyKey: randomBytes(12).toString('hex') },
    });
    expect(created.status).toBe(200);
    const view = depositViewSchema.parse(created.body.value);
    const status = await server.client.call(
      depositRoutes.status.path.replace(':depositId', String(view.depositId)),
      { token, ip },
    );
    expect(status.status).toBe(200);
    // The sandbox pay page's button (loopback only): its signed webhook credits the wallet (DEPOSIT).
    const paid = await fetch(`${server.url}${view.payUrl!}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(200);
    const balance = await server.client.call(walletRoutes.balance.path, { token, ip });
    expect(balance.body.value.balance).toBe(7_000);
    // A path that matches no route, carrying the member's name.
    expect((await getJson(`${server.url}/wps/nothing-here/${account}`)).status).toBe(404);

    const after = await scrape();
    const moved = (method: string, route: string, statusClass?: string) =>
      requests(after, method, route, statusClass) - requests(before, method, route, statusClass);
    expect(moved('POST', authRoutes.login.path)).toBe(1);
    expect(moved('POST', depositRoutes.create.path)).toBe(1);
    // The pattern, not the URL with the deposit's id.
    expect(moved(depositRoutes.status.method, depositRoutes.status.path)).toBe(1);
    expect(moved('POST', depositCallbacks.sandboxPix.path)).toBeGreaterThanOrEqual(1);
    expect(moved('GET', UNMATCHED_ROUTE, '4xx')).toBe(1);
    const deposits = (text: string) => valueOf(text, 'banca_ledger_transfers_total', { kind: 'DEPOSIT' });
    expect(deposits(after) - deposits(before)).toBe(1);

    // The process's own figures are there too.
    expect(valueOf(after, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(after).toMatch(/^banca_db_pool_max_connections \d+$/m);
    expect(after).toMatch(/^banca_event_consumer_lag_seconds\{consumer="[^"]+"\} /m);

    // Nothing about the member: not their name, token, address, id, nor a URL they asked for.
    const statusUrl = depositRoutes.status.path.replace(':depositId', String(view.depositId));
    for (const secret of [account, token, ip, view.payUrl!, `"${statusUrl}"`, 'nothing-here']) {
      expect(after, secret).not.toContain(secret);
    }
    const values = labelValues(after);
    expect(values).not.toContain(String(memberId));
    for (const value of values) {
      expect(value.startsWith('/') ? value : '/', value).not.toMatch(/\/\d+(\/|$)/);
    }
  });

  it('counts vendor calls by the proved vendor, call and code; an unproved vendor name is no label', async () => {
    const vendor = vendorClient(server.url, 'BANCA', await devVendorSecret(server.url, 'BANCA'));
    const { playerSession } = await devPlayers(server.url, 'BANCA')({ amount: 10_000 });
    const before = await scrape();

    const round = newVendorId('r');
    const debit = { playerSession, transactionId: newVendorId('d'), roundId: round, gameCode: 'SLOT5X3' };
    expect((await vendor.send('debit', { ...debit, amount: 500 })).body.status).toBe('OK');
    // The same transaction id with another amount: refused, nothing moves.
    expect((await vendor.send('debit', { ...debit, amount: 600 })).body.status).toBe('transaction_conflict');
    const credit = { playerSession, transactionId: newVendorId('c'), roundId: round, amount: 900 };
    expect((await vendor.send('credit', { ...credit, closeRound: true })).body.status).toBe('OK');
    const forged = await vendor.send('balance', { playerSession }, { vendor: 'MADE-UP-VENDOR-NAME' });
    expect(forged.body.status).toBe('unknown_vendor');

    const after = await scrape();
    const calls = (labels: Record<string, string>) =>
      valueOf(after, 'banca_vendor_calls_total', labels) -
      valueOf(before, 'banca_vendor_calls_total', labels);
    expect(calls({ vendor: 'BANCA', call: 'vendor.debit', code: 'OK' })).toBe(1);
    expect(calls({ vendor: 'BANCA', call: 'vendor.debit', code: 'transaction_conflict' })).toBe(1);
    expect(calls({ vendor: 'BANCA', call: 'vendor.credit', code: 'OK' })).toBe(1);
    expect(calls({ vendor: 'unverified', call: 'vendor.balance', code: 'unknown_vendor' })).toBe(1);
    expect(after).not.toContain('MADE-UP-VENDOR-NAME');
    expect(after).not.toContain(playerSession);
    const transfers = (kind: string) =>
      valueOf(after, 'banca_ledger_transfers_total', { kind }) -
      valueOf(before, 'banca_ledger_transfers_total', { kind });
    expect(transfers('BET')).toBe(1);
    expect(transfers('BET_PAYOUT')).toBe(1);
  });
});
