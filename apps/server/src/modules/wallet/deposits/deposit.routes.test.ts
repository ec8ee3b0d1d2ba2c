/**
 * Deposits over real HTTP: options, create (idempotent), the sandbox pay page and its signed webhook,
 * the live balance stream, replays, late payments, refused webhooks, expiry and reconciliation, the
 * operators' lookup. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRoutes,
  depositCallbacks,
  depositRoutes,
  depositViewSchema,
  loginValueSchema,
  walletRoutes,
} from '@banca/contract';
import { hmacSignature } from '../../../platform/http/callback-route.ts';
import { parsePixPayload } from '../../../platform/providers/payments/pix-emv.ts';
import {
  SANDBOX_PIX_HEADERS,
  SandboxPixProvider,
} from '../../../platform/providers/payments/sandbox-pix-provider.ts';
import { deriveServerSecret } from '../../../platform/crypto/derived-secret.ts';
import { expectFailure, freshIp } from '../../../test/auth-client.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { financeHeaders, getJson } from '../../../test/test-app.ts';
import { expireDeposits, reconcileDeposits } from './deposit.service.ts';
import {
  loginMember,
  newIdempotencyKey,
  openStream,
  openStreamWithTicket,
  startDepositApp,
} from './deposit.testing.ts';
import { expectLedgerConsistent } from '../ledger/ledger.testing.ts';
import { createWalletSettings } from '../settings/wallet-settings.service.ts';

let database: TestDatabase;
let server: Awaited<ReturnType<typeof startDepositApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  server = await startDepositApp(database.db, {}, { streamRecheckMs: 200 });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const call = (path: string, init: Parameters<typeof server.client.call>[1]) => server.client.call(path, init);

async function createDeposit(token: string, amount = 5_000, key = newIdempotencyKey()) {
  const res = await call(depositRoutes.create.path, {
    token,
    body: { channel: 'PIX', amount, idempotencyKey: key },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return depositViewSchema.parse(res.body.value);
}

const providerRefOf = (payUrl: string | null) => payUrl!.split('/').pop()!;

/** Presses a button of the sandbox pay page, as a person's browser posts its form. */
async function sandboxPost(payUrl: string, action: 'pay' | 'replay', form: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${payUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, html: await res.text() };
}

const balanceOf = async (token: string) =>
  (await call(walletRoutes.balance.path, { token })).body.value.balance as number;

async function ledgerRows() {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer`.execute(
    database.db,
  );
  return rows[0]!.n;
}

/** A webhook signed with the gateway's sandbox secret (what the sandbox provider sends). */
async function signedWebhook(body: unknown, opts: { timestamp?: number; secret?: Buffer } = {}) {
  const raw = JSON.stringify(body);
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const secret = opts.secret ?? (await deriveServerSecret(database.db, 'sandbox-pix-webhook'));
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_PIX_HEADERS.caller]: 'sandbox-pix',
      [SANDBOX_PIX_HEADERS.timestamp]: ts,
      [SANDBOX_PIX_HEADERS.signature]: hmacSignature(secret, ts, Buffer.from(raw)),
    },
  };
}

const postWebhook = (raw: string, headers: Record<string, string>) =>
  getJson(server.url + depositCallbacks.sandboxPix.path, { method: 'POST', headers, body: raw });

describe('deposit options and create', () => {
  it('lists the enabled channels with their limits from the wallet settings', async () => {
    const { token } = await loginMember(database.db, server.client);
    const res = await call(depositRoutes.options.path, { token });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      currency: 'BRL',
      currencySymbol: 'R$',
      channels: [{ channel: 'PIX', min: 1_000, max: 5_000_000 }],
      chargeTtlMinutes: 30,
    });
  });

  it('issues a charge with a parseable PIX payload for the amount, a QR code and an expiry', async () => {
    const { token } = await loginMember(database.db, server.client);
    const view = await createDeposit(token, 12_345);
    expect(view).toMatchObject({
      status: 'pending',
      amount: 12_345,
      currency: 'BRL',
      channel: 'PIX',
      paidAt: null,
    });
    const fields = parsePixPayload(view.pixCopyPaste);
    expect(fields.find((f) => f.id === '54')?.value).toBe('123.45');
    expect(fields.find((f) => f.id === '53')?.value).toBe('986');
    expect(view.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const ttl = new Date(view.expiresAt).getTime() - new Date(view.createdAt).getTime();
    expect(Math.round(ttl / 60_000)).toBe(30);
    expect(view.payUrl).toMatch(/^\/sandbox\/pix\/SBX[0-9A-F]{24}$/);
  });

  it('returns the same deposit for the same idempotency key, and refuses the key with another amount', async () => {
    const { token } = await loginMember(database.db, server.client);
    const key = newIdempotencyKey();
    const first = await createDeposit(token, 5_000, key);
    const again = await createDeposit(token, 5_000, key);
    expect(again.depositId).toBe(first.depositId);
    const other = await call(depositRoutes.create.path, {
      token,
      body: { channel: 'PIX', amount: 6_000, idempotencyKey: key },
    });
    expectFailure(other, 409, 'idempotency_conflict');
  });

  it('refuses amounts outside the channel limits and unknown channels, writing nothing', async () => {
    const { token } = await loginMember(database.db, server.client);
    const low = await call(depositRoutes.create.path, {
      token,
      body: { channel: 'PIX', amount: 999, idempotencyKey: newIdempotencyKey() },
    });
    expect(expectFailure(low, 400, 'deposit_amount_out_of_range').value).toEqual({
      min: 1_000,
      max: 5_000_000,
    });
    const unknown = await call(depositRoutes.create.path, {
      token,
      body: { channel: 'BOLETO', amount: 5_000, idempotencyKey: newIdempotencyKey() },
    });
    expectFailure(unknown, 400, 'deposit_channel_unavailable');
    const list = await call(depositRoutes.list.path, { token });
    expect(list.body.value.deposits).toEqual([]);
  });

  it('refuses trial accounts', async () => {
    const res = await call(authRoutes.freePlay.path, { body: { os: 'linux', platform: 'W' }, ip: freshIp() });
    const { token } = loginValueSchema.parse(res.body.value);
    const created = await call(depositRoutes.create.path, {
      token,
      body: { channel: 'PIX', amount: 5_000, idempotencyKey: newIdempotencyKey() },
    });
    expectFailure(created, 403, 'in_need_true_account');
  });

  it("never shows one member another member's deposit", async () => {
    const a = await loginMember(database.db, server.client);
    const b = await loginMember(database.db, server.client);
    const view = await createDeposit(a.token);
    const res = await call(depositRoutes.status.path.replace(':depositId', String(view.depositId)), {
      token: b.token,
    });
    expectFailure(res, 404, 'deposit_not_found');
  });
});

describe('paying through the sandbox', () => {
  it('credits the wallet once, live on the open stream, however often the webhook is replayed', async () => {
    const { token } = await loginMember(database.db, server.client);
    const stream = await openStream(server.url, token);
    expect(stream.status).toBe(200);
    await stream.next('ready');
    const view = await createDeposit(token, 25_000);

    const page = await fetch(server.url + view.payUrl!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('SANDBOX');
    expect(html).toContain(view.pixCopyPaste);

    const paid = await sandboxPost(view.payUrl!, 'pay');
    expect(paid.html).toContain('gateway answered 200');
    const live = await stream.next('balance');
    expect(live.data).toMatchObject({ balance: 25_000, currency: 'BRL', wallet: 'MAIN', kind: 'DEPOSIT' });

    const status = await call(depositRoutes.status.path.replace(':depositId', String(view.depositId)), {
      token,
    });
    expect(status.body.value).toMatchObject({ status: 'paid', amount: 25_000 });
    expect(status.body.value.paidAt).not.toBeNull();

    const rows = await ledgerRows();
    for (let i = 0; i < 3; i++)
      expect((await sandboxPost(view.payUrl!, 'replay')).html).toContain('gateway answered 200');
    expect((await sandboxPost(view.payUrl!, 'pay')).html).toContain('already paid');
    expect(await ledgerRows()).toBe(rows);
    expect(await balanceOf(token)).toBe(25_000);
    await expectLedgerConsistent(database.db);
    stream.close();
  });

  it('marks an unpaid charge expired, still credits a late payment and flags it for the operator', async () => {
    const { token, memberId } = await loginMember(database.db, server.client);
    const view = await createDeposit(token, 7_000);
    const later = new Date(new Date(view.expiresAt).getTime() + 1_000);
    expect(await expireDeposits(database.db, later)).toBeGreaterThanOrEqual(1);
    const expired = await call(depositRoutes.status.path.replace(':depositId', String(view.depositId)), {
      token,
    });
    expect(expired.body.value.status).toBe('expired');

    // The sandbox refuses to pay an expired charge unless asked to pay late.
    await database.db
      .updateTable('sandbox_pix_charge')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('provider_ref', '=', providerRefOf(view.payUrl))
      .execute();
    expect((await sandboxPost(view.payUrl!, 'pay')).html).toContain('expired');
    expect((await sandboxPost(view.payUrl!, 'pay', { late: '1' })).html).toContain('gateway answered 200');
    expect(await balanceOf(token)).toBe(7_000);

    const ops = await getJson(
      `${server.url}${depositRoutes.opsList.path}?memberId=${memberId}&flagged=true`,
      {
        headers: await financeHeaders(server.url),
      },
    );
    expect(ops.status).toBe(200);
    expect(ops.body.value.deposits).toEqual([
      expect.objectContaining({
        depositId: view.depositId,
        status: 'paid',
        flag: 'late_payment',
        paidAmount: 7_000,
      }),
    ]);
    const anonymous = await getJson(`${server.url}${depositRoutes.opsList.path}`);
    expect(anonymous.status).toBe(401);
  });

  it('credits, through the reconcile job, a payment whose webhook never arrived', async () => {
    const { token } = await loginMember(database.db, server.client);
    const view = await createDeposit(token, 3_000);
    expect((await sandboxPost(view.payUrl!, 'pay', { silent: '1' })).html).toContain('reconcile');
    expect(await balanceOf(token)).toBe(0);
    const deps = {
      db: database.db,
      merchantCode: server.config.merchant,
      merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
      settings: createWalletSettings(database.db),
      // The provider's side of the charges is its table: a second instance reads the same answers.
      payments: new SandboxPixProvider(database.db as never, {
        merchantName: 'x',
        merchantCity: 'y',
        secret: Buffer.alloc(32),
        send: async () => 0,
      }),
    };
    const { credited } = await reconcileDeposits(deps, new Date());
    expect(credited).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(token)).toBe(3_000);
    // Again: nothing more.
    await reconcileDeposits(deps, new Date());
    expect(await balanceOf(token)).toBe(3_000);
  });
});

describe('refused webhooks write nothing', () => {
  it('refuses forged, stale, re-bodied and unknown-charge webhooks with a 4xx', async () => {
    const { token } = await loginMember(database.db, server.client);
    const view = await createDeposit(token, 4_000);
    const chargeId = parsePixPayload(view.pixCopyPaste).find((f) => f.id === '62')!.children![0]!.value;
    const body = {
      event: 'charge.paid',
      providerRef: providerRefOf(view.payUrl),
      chargeId,
      amount: 4_000,
      currency: 'BRL',
      paidAt: new Date().toISOString(),
    };
    const before = await ledgerRows();

    const forged = await signedWebhook(body, { secret: Buffer.alloc(32, 7) });
    expect((await postWebhook(forged.raw, forged.headers)).status).toBe(401);

    const stale = await signedWebhook(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(stale.raw, stale.headers)).status).toBe(401);

    // A valid signature replayed with another body (a bigger amount).
    const good = await signedWebhook(body);
    const rebodied = JSON.stringify({ ...body, amount: 4_000_000 });
    expect((await postWebhook(rebodied, good.headers)).status).toBe(401);

    const unsigned = await postWebhook(good.raw, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(401);

    const unknown = await signedWebhook({ ...body, providerRef: 'SBX000000000000000000000000' });
    expect((await postWebhook(unknown.raw, unknown.headers)).status).toBe(404);

    const otherCharge = await signedWebhook({ ...body, chargeId: 'DFFFFFFFFFFFFFFFFFFFFFFFF' });
    expect((await postWebhook(otherCharge.raw, otherCharge.headers)).status).toBe(409);

    const badBody = await signedWebhook({ ...body, amount: -5 });
    expect((await postWebhook(badBody.raw, badBody.headers)).status).toBe(400);

    expect(await ledgerRows()).toBe(before);
    expect(await balanceOf(token)).toBe(0);
    const status = await call(depositRoutes.status.path.replace(':depositId', String(view.depositId)), {
      token,
    });
    expect(status.body.value.status).toBe('pending');

    // And the genuine one still credits.
    expect((await postWebhook(good.raw, good.headers)).status).toBe(200);
    expect(await balanceOf(token)).toBe(4_000);
  });
});

describe('the live stream', () => {
  it('accepts a ticket once, refuses unknown tickets, and ends when the session is revoked', async () => {
    const { token } = await loginMember(database.db, server.client);
    const ticketRes = await call(depositRoutes.eventsTicket.path, { method: 'POST', token });
    expect(ticketRes.status).toBe(200);
    const ticket = ticketRes.body.value.ticket as string;
    const first = await openStreamWithTicket(server.url, ticket);
    expect(first.status).toBe(200);
    await first.next('ready');
    const second = await openStreamWithTicket(server.url, ticket);
    expect(second.status).toBe(401);
    const unknown = await openStreamWithTicket(server.url, 'A'.repeat(43));
    expect(unknown.status).toBe(401);
    expect((await call(depositRoutes.eventsTicket.path, { method: 'POST' })).status).toBe(401);

    const logout = await call(authRoutes.logout.path, { method: 'DELETE', token });
    expect(logout.status).toBe(200);
    await first.next('revoked');
    await first.ended;
  });
});
