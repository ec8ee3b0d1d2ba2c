/**
 * Property test of the money paths (issue 9, Reliability): random sequences of PIX deposits paid
 * through the sandbox (its signed webhook), webhook replays (at once and out of order), withdrawals,
 * approvals, rejections, operator adjustments, main <-> vendor wallet transfers (transfer mode) and
 * upline/downline transfers, each maybe sent twice with the same idempotency key, all over HTTP.
 * After every sequence: no member below zero, every currency sums to zero, no account drifts from its
 * transfers, a repeated key answered the first result, every paid deposit is credited once, and each
 * member's account record replays to the balance (per wallet: each line's balanceAfter is the sum of
 * the lines before it, and the sums are the wallets' balances), which matches a model kept from the
 * answers. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 *
 * Deterministic given the seed: fast-check prints it on failure; FC_SEED=<seed> replays that run
 * (FC_RUNS raises the number of runs).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_TYPES,
  consolidatedFundsValueSchema,
  depositRoutes,
  depositViewSchema,
  fillPath,
  recordPageSchema,
  walletRoutes,
  type RecordEntry,
} from '@banca/contract';
import { expectLedgerConsistent } from './ledger/ledger.testing.ts';
import { createWalletSettings } from './settings/wallet-settings.service.ts';
import {
  loggedInMember,
  opsCall,
  PAY_PW,
  readyToWithdraw,
  startWithdrawTestServer,
  type TestMember,
  type WithdrawTestServer,
} from './withdrawals/withdrawal.testing.ts';

const RUNS = Number(process.env.FC_RUNS ?? 8);
const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : undefined;
const VENDOR = 'SANDBOX';

let t: WithdrawTestServer;
/** members[0] is an agent; 1 and 2 are its direct downline (so 1 <-> 2 is outside the tree). */
let members: TestMember[];

beforeAll(async () => {
  t = await startWithdrawTestServer();
  // Transfer mode (vendor wallets) and limits wide enough that sequences reach every state.
  await createWalletSettings(t.database.db).update(t.database.db, 'banca', {
    walletMode: 'transfer',
    withdraw: { dailyCount: 1_000, dailyAmount: 1_000_000_000 },
  });
  const agent = await loggedInMember(t, { type: AGENT_TYPES[0] });
  members = [
    agent,
    await loggedInMember(t, { parentId: agent.memberId }),
    await loggedInMember(t, { parentId: agent.memberId }),
  ];
  for (const m of members) await readyToWithdraw(t, m);
  // The wallet module caches settings for a second.
  await new Promise((r) => setTimeout(r, 1_100));
}, 400_000);
afterAll(() => t?.close());

// ---- the actions ----

const who = fc.integer({ min: 0, max: 2 });
const action = fc.oneof(
  fc.record({
    t: fc.constant('deposit' as const),
    m: who,
    amount: fc.integer({ min: 1_000, max: 30_000 }),
    replayCreate: fc.boolean(),
    replayWebhook: fc.boolean(),
  }),
  fc.record({ t: fc.constant('replayOldWebhook' as const), k: fc.nat() }),
  fc.record({
    t: fc.constant('withdraw' as const),
    m: who,
    amount: fc.integer({ min: 2_000, max: 20_000 }),
    replay: fc.boolean(),
  }),
  fc.record({ t: fc.constantFrom('approve' as const, 'reject' as const), k: fc.nat() }),
  fc.record({
    t: fc.constant('adjust' as const),
    m: who,
    amount: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0),
    replay: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('vendor' as const),
    m: who,
    dir: fc.constantFrom('in' as const, 'out' as const, 'recallAll' as const),
    amount: fc.integer({ min: 1, max: 20_000 }),
    replay: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('tree' as const),
    from: who,
    to: who,
    amount: fc.integer({ min: 1, max: 20_000 }),
    replay: fc.boolean(),
  }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** What the answers say each member should hold, and what was sent. */
interface Model {
  main: number[];
  vendor: number[];
  /** Paid deposits: their pay page and member. */
  deposits: { payUrl: string; m: number; depositId: number }[];
  withdrawals: { id: number; m: number; amount: number }[];
}

type Res = Awaited<ReturnType<WithdrawTestServer['client']['call']>>;
const asMember = (
  m: TestMember,
  path: string,
  init: { method?: string; body?: unknown; enc?: boolean } = {},
) => t.client.call(path, { ...init, token: m.token, ip: m.ip });

/** A 4xx must be an envelope with a code; a 5xx is never an answer. */
function outcome(res: Res): 'ok' | 'refused' {
  if (res.status === 200) return 'ok';
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
  return 'refused';
}

/** Sends `send` again when asked: the same key answers the first result (minus the replayed flag). */
async function maybeReplay(first: Res, replay: boolean, send: () => Promise<Res>): Promise<void> {
  if (!replay) return;
  const again = await send();
  expect(again.status).toBe(first.status);
  if (first.status !== 200) {
    expect(again.body.code).toBe(first.body.code);
    return;
  }
  const strip = (v: Record<string, unknown>) => {
    const { replayed: _replayed, ...rest } = v;
    return rest;
  };
  expect(strip(again.body.value)).toEqual(strip(first.body.value));
}

async function sandboxPost(payUrl: string, button: 'pay' | 'replay'): Promise<string> {
  const res = await fetch(`${t.server.url}${payUrl}/${button}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function run(model: Model, a: Action): Promise<void> {
  switch (a.t) {
    case 'deposit': {
      const m = members[a.m]!;
      const body = { channel: 'PIX', amount: a.amount, idempotencyKey: randomUUID() };
      const send = () => asMember(m, depositRoutes.create.path, { body });
      const created = await send();
      expect(outcome(created)).toBe('ok');
      await maybeReplay(created, a.replayCreate, send);
      const view = depositViewSchema.parse(created.body.value);
      expect(await sandboxPost(view.payUrl!, 'pay')).toContain('gateway answered 200');
      if (a.replayWebhook)
        expect(await sandboxPost(view.payUrl!, 'replay')).toContain('gateway answered 200');
      model.main[a.m]! += a.amount;
      model.deposits.push({ payUrl: view.payUrl!, m: a.m, depositId: view.depositId });
      return;
    }
    case 'replayOldWebhook': {
      // Out of order: an earlier deposit's webhook again, after later ones landed.
      const d = model.deposits[a.k % Math.max(1, model.deposits.length)];
      if (d) expect(await sandboxPost(d.payUrl, 'replay')).toContain('gateway answered 200');
      return;
    }
    case 'withdraw': {
      const m = members[a.m]!;
      const body = { amount: a.amount, paymentPassword: PAY_PW, requestId: randomUUID() };
      const send = () =>
        asMember(m, walletRoutes.requestWithdrawal.path, { method: 'POST', enc: true, body });
      const res = await send();
      if (outcome(res) === 'ok') {
        model.main[a.m]! -= a.amount;
        model.withdrawals.push({ id: res.body.value.id, m: a.m, amount: a.amount });
      } else expect(res.body.code).toBe('insufficient_funds');
      await maybeReplay(res, a.replay, send);
      return;
    }
    case 'approve':
    case 'reject': {
      const w = model.withdrawals[a.k % Math.max(1, model.withdrawals.length)];
      if (!w) return;
      const route = a.t === 'approve' ? walletRoutes.opsApproveWithdrawal : walletRoutes.opsRejectWithdrawal;
      const res = await opsCall(t, fillPath(route.path, { id: w.id }), {
        body: a.t === 'approve' ? {} : { reason: 'property test' },
      });
      if (res.status === 200) {
        if (a.t === 'reject') model.main[w.m]! += w.amount;
      } else expect(res.body.code).toBe('withdrawal_state_conflict');
      return;
    }
    case 'adjust': {
      const m = members[a.m]!;
      const body = {
        memberId: m.memberId,
        amount: a.amount,
        reason: 'property test',
        idempotencyKey: randomUUID(),
      };
      const send = async () => {
        const r = await opsCall(t, walletRoutes.adjustBalance.path, { body });
        return r as unknown as Res;
      };
      const res = await send();
      if (outcome(res) === 'ok') model.main[a.m]! += a.amount;
      else expect(res.body.code).toBe('insufficient_funds');
      await maybeReplay(res, a.replay, send);
      return;
    }
    case 'vendor': {
      const m = members[a.m]!;
      const requestId = randomUUID();
      const body =
        a.dir === 'recallAll'
          ? { action: 'recallAll', requestId }
          : {
              action: 'transfer',
              from: a.dir === 'in' ? 'MAIN' : VENDOR,
              to: a.dir === 'in' ? VENDOR : 'MAIN',
              amount: a.amount,
              requestId,
            };
      const send = () => asMember(m, walletRoutes.walletTransfer.path, { method: 'POST', body });
      const res = await send();
      if (outcome(res) === 'ok') {
        const moved = a.dir === 'recallAll' ? -model.vendor[a.m]! : a.dir === 'in' ? a.amount : -a.amount;
        model.vendor[a.m]! += moved;
        model.main[a.m]! -= moved;
        const funds = consolidatedFundsValueSchema.parse((({ replayed: _r, ...v }) => v)(res.body.value));
        expect(funds.main).toBe(model.main[a.m]);
      } else expect(res.body.code).toBe('insufficient_funds');
      await maybeReplay(res, a.replay, send);
      return;
    }
    case 'tree': {
      const from = members[a.from]!;
      const to = members[a.to]!;
      const body = { target: to.account, amount: a.amount, paymentPassword: PAY_PW, requestId: randomUUID() };
      const send = () =>
        asMember(from, walletRoutes.memberTransfer.path, { method: 'POST', enc: true, body });
      const res = await send();
      // Only along the tree: agent <-> its downline. Between the two downline members, or to oneself,
      // the target does not exist for the caller.
      const inTree = a.from !== a.to && (a.from === 0 || a.to === 0);
      if (outcome(res) === 'ok') {
        expect(inTree).toBe(true);
        model.main[a.from]! -= a.amount;
        model.main[a.to]! += a.amount;
      } else expect(res.body.code).toBe(inTree ? 'insufficient_funds' : 'not_found');
      await maybeReplay(res, a.replay, send);
      return;
    }
  }
}

/** Every line of the member's account record, oldest first. */
async function wholeRecord(m: TestMember): Promise<RecordEntry[]> {
  const lines: RecordEntry[] = [];
  let cursor: string | null = null;
  do {
    const res: Res = await asMember(
      m,
      `${walletRoutes.records.path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    const page = recordPageSchema.parse(res.body.value);
    lines.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return lines.reverse();
}

/** The record replayed per wallet: WALLET_TRANSFER lines name their wallets (`wallet:FROM>TO`, the
 *  debit side is FROM), every other movement of these flows touches MAIN. */
function replayRecord(lines: RecordEntry[]): Record<string, number> {
  const balances: Record<string, number> = {};
  for (const line of lines) {
    let wallet = 'MAIN';
    if (line.type === 'WALLET_TRANSFER') {
      const [from, to] = /^wallet:([A-Z0-9_]+)>([A-Z0-9_]+)$/.exec(line.reference ?? '')!.slice(1);
      wallet = line.id.endsWith('d') ? from! : to!;
    }
    balances[wallet] = (balances[wallet] ?? 0) + line.amount;
    expect(line.balanceAfter, `record line ${line.id} (${line.type})`).toBe(balances[wallet]);
  }
  return balances;
}

async function checkInvariants(model: Model): Promise<void> {
  await expectLedgerConsistent(t.database.db);
  for (const [i, m] of members.entries()) {
    const fundsRes = await asMember(m, walletRoutes.consolidatedFunds.path);
    const funds = consolidatedFundsValueSchema.parse(fundsRes.body.value);
    expect(funds.main).toBeGreaterThanOrEqual(0);
    expect({
      main: funds.main,
      vendor: funds.wallets.find((w) => w.vendor === VENDOR)?.balance ?? 0,
    }).toEqual({
      main: model.main[i],
      vendor: model.vendor[i],
    });
    const balances = replayRecord(await wholeRecord(m));
    expect(balances.MAIN ?? 0).toBe(funds.main);
    expect(balances[VENDOR] ?? 0).toBe(model.vendor[i]);
    // Every paid deposit of this member is credited once: one DEPOSIT line per deposit.
    const deposits = (await wholeRecord(m)).filter((l) => l.type === 'DEPOSIT');
    expect(deposits.length).toBe(model.deposits.filter((d) => d.m === i).length);
  }
}

describe('money paths under random sequences', () => {
  it('keep every invariant', { timeout: 900_000 }, async () => {
    // The model starts from what the members hold now (earlier runs leave money behind).
    const snapshot = async (): Promise<Model> => {
      const main: number[] = [];
      const vendor: number[] = [];
      for (const m of members) {
        const funds = consolidatedFundsValueSchema.parse(
          (await asMember(m, walletRoutes.consolidatedFunds.path)).body.value,
        );
        main.push(funds.main);
        vendor.push(funds.wallets.find((w) => w.vendor === VENDOR)?.balance ?? 0);
      }
      return { main, vendor, deposits: [], withdrawals: [] };
    };
    const depositsSoFar: Model['deposits'] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const model = await snapshot();
        model.deposits = depositsSoFar;
        for (const a of actions) await run(model, a);
        await checkInvariants(model);
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
    );
  });
});
