/**
 * A gateway killed with SIGKILL in the middle of a deposit-and-withdraw load (issue 9, Reliability),
 * on real PostgreSQL (skipped without TEST_DATABASE_URL): the gateway runs as its own process on this
 * file's schema; members deposit (through the sandbox pay page and its webhook, some payments with the
 * webhook lost), withdraw, and finance approves, until the process is killed mid-flight. Restarted on
 * the same schema, the reconcile job and the payout sync run once (called here, not waited for), and
 * then every invariant holds: no member below zero, every currency sums to zero, no drift; every charge
 * the sandbox says is paid is credited exactly once (no deposit paid but uncredited) and nothing else
 * is; every withdrawal holds its amount once and is either still held, paid once, or returned once,
 * and the pending account holds exactly what is still held. No timing assertions: every wait is a
 * bounded poll on a condition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositRoutes, depositViewSchema, fillPath, walletRoutes } from '@banca/contract';
import { deriveServerSecret } from '../../platform/crypto/derived-secret.ts';
import { SandboxPixProvider } from '../../platform/providers/payments/sandbox-pix-provider.ts';
import { seedDemo } from '../../seed/demo-seed.ts';
import { authClient, freshIp, freshUsername, insertAccounts, FAST_PASSWORD } from '../../test/auth-client.ts';
import { freePort, namedOperatorToken, operatorHeaders, OPERATOR_TOKEN } from '../../test/test-app.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { reconcileDeposits, depositLedgerKey } from './deposits/deposit.service.ts';
import { houseBalance } from './ledger/ledger.service.ts';
import { expectLedgerConsistent } from './ledger/ledger.testing.ts';
import { SandboxPayoutProvider } from './withdrawals/payout-provider.ts';
import { createWalletSettings } from './settings/wallet-settings.service.ts';
import { syncPayouts } from './withdrawals/payout.service.ts';
import {
  fund,
  readyToWithdraw,
  withdrawBody,
  type TestMember,
  type WithdrawTestServer,
} from './withdrawals/withdrawal.testing.ts';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const MEMBERS = 4;
/** Completed steps of the load before the kill: enough that every kind of step is in flight. */
const KILL_AFTER = 30;

interface Gateway {
  url: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the gateway process on this file's schema; resolves once it listens (bounded wait). */
async function startGateway(schema: string): Promise<Gateway> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/test/gateway-process.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL!,
      GATEWAY_SCHEMA: schema,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
      TRUST_PROXY: 'true',
      OPERATOR_TOKEN,
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`gateway exited (${code}) before listening: ${stderr}`)));
  });
  return { url, proc, exited };
}

const describePg = TEST_DATABASE_URL ? describe : describe.skip;

let database: TestDatabase;
let gateway: Gateway | undefined;

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  database = await createTestDatabase();
  await seedDemo(database.db);
  // Limits wide enough that the load is refused for nothing but money.
  await createWalletSettings(database.db).update(database.db, 'banca', {
    withdraw: { dailyCount: 1_000, dailyAmount: 1_000_000_000 },
  });
}, 180_000);
afterAll(async () => {
  gateway?.proc.kill('SIGKILL');
  await gateway?.exited;
  await database?.close();
});

describePg('a gateway killed with SIGKILL under load, then restarted', () => {
  it('leaves every invariant true and no deposit paid but uncredited', { timeout: 600_000 }, async () => {
    const schema = database.schema!;
    gateway = await startGateway(schema);
    const first = gateway;
    const client = await authClient(first.url);
    const t = { client } as unknown as WithdrawTestServer;

    const members: TestMember[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const ip = freshIp();
      const account = freshUsername('kill');
      const [memberId] = await insertAccounts(database.db, [{ account, knownIps: [ip] }]);
      const res = await client.login(account, FAST_PASSWORD, {}, { ip });
      expect(res.status).toBe(200);
      const m = { memberId: memberId!, account, token: res.body.value.token as string, ip };
      await readyToWithdraw(t, m);
      await fund(database.db, m.memberId, 1_000_000);
      members.push(m);
    }
    const finance = await namedOperatorToken(first.url, 'finance');

    // The load: each member deposits (every third payment, the first included, loses its webhook), withdraws, and
    // finance approves; until the process dies under it.
    let done = 0;
    let dead = false;
    const step = async <T>(f: () => Promise<T>): Promise<T> => {
      const value = await f();
      done++;
      return value;
    };
    const worker = async (m: TestMember, w: number) => {
      for (let i = 0; !dead; i++) {
        try {
          const created = await step(() =>
            client.call(depositRoutes.create.path, {
              token: m.token,
              ip: m.ip,
              body: { channel: 'PIX', amount: 1_000 + 100 * i + w, idempotencyKey: randomUUID() },
            }),
          );
          if (created.status !== 200) throw new Error(`deposit ${created.status}`);
          const view = depositViewSchema.parse(created.body.value);
          await step(() =>
            fetch(`${first.url}${view.payUrl!}/pay`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: i % 3 === 0 ? 'silent=1' : '',
            }).then((r) => r.text()),
          );
          const wd = await step(() =>
            client.call(walletRoutes.requestWithdrawal.path, {
              method: 'POST',
              enc: true,
              token: m.token,
              ip: m.ip,
              body: withdrawBody(2_000 + w),
            }),
          );
          if (wd.status === 200 && i % 2 === 0)
            await step(() =>
              fetch(first.url + fillPath(walletRoutes.opsApproveWithdrawal.path, { id: wd.body.value.id }), {
                method: 'POST',
                headers: operatorHeaders(finance),
                body: '{}',
              }),
            );
        } catch {
          // The process is gone (or going): the load ends here.
          if (dead) return;
        }
      }
    };
    const load = members.map((m, w) => worker(m, w));
    // Bounded poll until enough of the load has happened, then the kill, mid-flight.
    for (let i = 0; done < KILL_AFTER; i++) {
      if (i > 6_000) throw new Error(`the load made only ${done} steps`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.proc.kill('SIGKILL');
    dead = true;
    expect(await first.exited).toBeNull();
    await Promise.all(load);

    // Restarted on the same schema: it answers, and the jobs run once.
    gateway = await startGateway(schema);
    const second = gateway;
    const health = await fetch(`${second.url}/healthz`);
    expect(health.status).toBe(200);
    const payments = new SandboxPixProvider(database.db as never, {
      merchantName: 'banca',
      merchantCity: 'Sao Paulo',
      secret: await deriveServerSecret(database.db, 'sandbox-pix-webhook'),
      send: async () => 0,
    });
    const reconciled = await reconcileDeposits(
      {
        db: database.db,
        merchantCode: 'banca',
        merchantCurrency: async () => ({ currency: 'BRL', currencySymbol: 'R$' }),
        settings: createWalletSettings(database.db),
        payments,
      },
      new Date(),
    );
    // Lost webhooks were among the load: the reconcile credited them.
    expect(reconciled.credited).toBeGreaterThan(0);
    // The payout rail as it will be later: every asked payout is due.
    const later = new SandboxPayoutProvider({ delayMs: 0, now: () => Date.now() + 3_600_000 });
    await syncPayouts({ db: database.db, payouts: later, clock: () => new Date() });

    await expectLedgerConsistent(database.db);

    // Every charge the sandbox says is paid is credited exactly once; nothing else is credited.
    const { rows: charges } = await sql<{ charge_id: string; credits: number; transfer_id: number | null }>`
      select c.charge_id,
        (select count(*)::int from ledger_transfer t where t.idempotency_key = 'deposit:' || c.charge_id) as credits,
        d.transfer_id
      from sandbox_pix_charge c join deposit d on d.provider_ref = c.provider_ref
      where c.status = 'paid'`.execute(database.db);
    expect(charges.length).toBeGreaterThan(0);
    for (const c of charges) {
      expect(c.credits, `charge ${c.charge_id}`).toBe(1);
      expect(c.transfer_id, `deposit of charge ${c.charge_id}`).not.toBeNull();
      expect(depositLedgerKey(c.charge_id)).toBe(`deposit:${c.charge_id}`);
    }
    const { rows: credited } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where kind = 'DEPOSIT'`.execute(database.db);
    expect(credited[0]!.n).toBe(charges.length);

    // Every withdrawal: held once; then still held, paid once, or returned once.
    const { rows: withdrawals } = await sql<{
      id: number;
      status: string;
      amount: number;
      holds: number;
      payouts: number;
      returns: number;
    }>`
      select w.id, w.status, w.amount,
        (select count(*)::int from ledger_transfer t where t.idempotency_key = 'withdrawal:hold:' || w.id) as holds,
        (select count(*)::int from ledger_transfer t where t.idempotency_key = 'withdrawal:payout:' || w.id) as payouts,
        (select count(*)::int from ledger_transfer t where t.idempotency_key = 'withdrawal:return:' || w.id) as returns
      from withdrawal w order by w.id`.execute(database.db);
    expect(withdrawals.length).toBeGreaterThan(0);
    let held = 0;
    for (const w of withdrawals) {
      const label = `withdrawal ${w.id} ${w.status}`;
      expect(w.holds, label).toBe(1);
      // The sync settled every approved one.
      expect(w.status, label).not.toBe('APPROVED');
      if (w.status === 'REQUESTED') {
        expect([w.payouts, w.returns], label).toEqual([0, 0]);
        held += Number(w.amount);
      } else if (['PAID', 'CONFIRMED', 'DISPUTED'].includes(w.status))
        expect([w.payouts, w.returns], label).toEqual([1, 0]);
      else expect([w.payouts, w.returns], label).toEqual([0, 1]);
    }
    expect(await houseBalance(database.db, 'banca', 'WITHDRAWALS_PENDING', 'BRL')).toBe(held);

    // And the restarted gateway takes money again.
    const again = await authClient(second.url);
    const m = members[0]!;
    const created = await again.call(depositRoutes.create.path, {
      token: m.token,
      ip: m.ip,
      body: { channel: 'PIX', amount: 1_500, idempotencyKey: randomUUID() },
    });
    expect(created.status).toBe(200);
  });
});
