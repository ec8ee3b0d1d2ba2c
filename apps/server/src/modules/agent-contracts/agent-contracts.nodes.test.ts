/**
 * Settlement on two gateway nodes, one killed with SIGKILL during a run (issue 24, Reliability: "every
 * (contract, period) paid exactly once"). Two real gateway PROCESSES (src/test/gateway-scheduler-
 * process.ts) on one PostgreSQL schema, each with its scheduler ticking every second and the
 * settlement job every AGENT_SETTLEMENT_SECONDS = 10; a tree of agents with DAILY and DIVIDEND
 * contracts on every edge (the house pays the top level, uplines below it pay from their wallets,
 * some short of funds) and a day of team play so most contracts pay. A run settles a page of
 * contracts per transaction, so to be killed mid-run deterministically the test holds one claim of
 * the kind the job settles second (an uncommitted settlement row of its last contract): the first
 * kind commits, the second kind's page waits on that key; then the node running the job (job_run.node
 * names its pid) is killed with SIGKILL, its page rolls back, and the hold is released; the other node's scheduler takes the next period and finishes, while a twin run of the
 * same day goes through the survivor's dev route at the same time. Then: every (contract, period)
 * is settled exactly once, each amount equals the tier rule computed here from the inputs, paid +
 * debt = amount, each payment is one ledger transfer under its idempotency key, the debts and their
 * repayments agree with the ledger, the ledger sums to zero with no drift, and a re-run moves
 * nothing. Skipped without TEST_DATABASE_URL (PGlite is one process's database). No timing
 * assertions: every wait is a bounded poll on a condition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_KINDS, MEMBER_TYPE, type DividendTier, type SalaryTier } from '@banca/contract';
import { seedDemo } from '../../seed/demo-seed.ts';
import { freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { freePort, OPERATOR_TOKEN } from '../../test/test-app.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { moveMember } from '../member/index.ts';
import {
  createWalletSettings,
  dayStartIn,
  ensureMemberWallet,
  houseAccount,
  localDate,
  memberBalances,
  transfer,
} from '../wallet/index.ts';
import { bestRates } from './agent-contracts.rules.ts';
import { DEFAULT_CONTRACT_SETTINGS } from './agent-contracts.settings.ts';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const JOB = 'agent-contracts.settle';
/** Agents per level below the top agent, each below one of the level above in turn. */
const LEVELS = [8, 40, 160];
const MEMBERS_PER_LEAF_AGENT = 2;
const ACTIVE_MIN = DEFAULT_CONTRACT_SETTINGS.activeMemberMinBet;

interface Node {
  url: string;
  pid: number;
  proc: ChildProcess;
  exited: Promise<number | null>;
}

async function startNode(schema: string): Promise<Node> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/test/gateway-scheduler-process.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL!,
      GATEWAY_SCHEMA: schema,
      GATEWAY_JOBS: JOB,
      GATEWAY_TICK_SECONDS: '1',
      AGENT_SETTLEMENT_SECONDS: '10',
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
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
  return { url, pid: proc.pid!, proc, exited };
}

/** Polls `f` until it answers something (not undefined), at most `tries` times 50 ms apart. */
async function until<T>(what: string, f: () => Promise<T | undefined>, tries = 4_000): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await f();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The tier rule, plain: the met tier paying most, rounded down (docs/agent-centre.md "Settlement"). */
function dailyReference(tiers: SalaryTier[], bet: number, active: number): number {
  let best = 0;
  for (const t of tiers) {
    if (bet > 0 && bet >= t.validBet && active >= t.activeMembers)
      best = Math.max(best, t.rateType === 'FIXED' ? t.rate : Math.floor((bet * t.rate) / 10_000));
  }
  return best;
}
function dividendReference(tiers: DividendTier[], bet: number, pnl: number, active: number): number {
  const loss = Math.max(0, -pnl);
  let best = 0;
  for (const t of tiers) {
    if (loss > 0 && bet >= t.validBet && active >= t.activeMembers && loss >= t.netLoss)
      best = Math.max(best, Math.floor((loss * t.rateBp) / 10_000));
  }
  return best;
}

describe.runIf(TEST_DATABASE_URL)(
  'settlement on two nodes, one killed with SIGKILL mid-run (PostgreSQL)',
  () => {
    let database: TestDatabase;
    const nodes: Node[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      await seedDemo(database.db);
    }, 180_000);
    afterAll(async () => {
      for (const n of nodes) {
        if (n.proc.exitCode === null && n.proc.signalCode === null) n.proc.kill('SIGKILL');
        await n.exited;
      }
      await database?.close();
    });

    it(
      'settles every (contract, period) exactly once, by the tier rule, and a re-run moves nothing',
      {
        timeout: 600_000,
      },
      async () => {
        const db = database.db;
        const timeZone = (await createWalletSettings(db).get('banca')).timeZone;
        const day = addDays(localDate(new Date(), timeZone), -1);

        // The tree: top agent -> LEVELS agents -> members under the last level's agents.
        const [top] = await insertAccounts(db, [{ account: freshUsername('kt'), type: MEMBER_TYPE.AGENT }]);
        const parentOf = new Map<number, number>();
        const depthOf = new Map<number, number>([[top!, 0]]);
        let above = [top!];
        for (const [level, size] of [
          ...LEVELS,
          LEVELS[LEVELS.length - 1]! * MEMBERS_PER_LEAF_AGENT,
        ].entries()) {
          const type = level < LEVELS.length ? MEMBER_TYPE.AGENT : MEMBER_TYPE.MEMBER;
          const ids = await insertAccounts(
            db,
            Array.from({ length: size }, () => ({ account: freshUsername('kn'), type })),
          );
          for (const [i, id] of ids.entries()) {
            const parent = above[i % above.length]!;
            expect(await moveMember(db, id, parent)).toBe(true);
            parentOf.set(id, parent);
            depthOf.set(id, level + 1);
          }
          above = ids;
        }
        const all = [...depthOf.keys()];
        const agents = all.filter((id) => depthOf.get(id)! <= LEVELS.length);

        // A day of play: stakes that mostly lose (dividends pay) and mostly reach the active threshold.
        const stakeOf = new Map<number, { stake: number; payout: number }>();
        const hour = new Date(dayStartIn(day, timeZone).getTime() + 10 * 3_600_000).toISOString();
        for (const [i, id] of all.entries()) {
          if (i % 7 === 3) continue; // some play nothing
          const stake = 300 + ((i * 7_919) % 40_000);
          const payout =
            i % 5 === 0 ? stake + ((i * 31) % 5_000) : Math.floor((stake * ((i * 13) % 90)) / 100);
          stakeOf.set(id, { stake, payout });
          // What the reports consumer writes for the round: its hour under the member and each upline.
          await sql`insert into report_team_hour (agent_id, hour, product, currency, member_id, rounds, stake, payout)
                select a, ${hour}::timestamptz, 'LIVE', 'BRL', ${id}::integer, 1, ${stake}::bigint, ${payout}::bigint
                from unnest(array[${id}::integer] || array(select ancestor_id from member_tree
                  where descendant_id = ${id}::integer)) a`.execute(db);
        }
        // Some uplines hold money of their own, some nothing (they pay what they receive, or owe).
        for (const [i, id] of agents.entries()) {
          if (i % 3 === 2) continue;
          const house = await houseAccount(db, 'banca', 'ADJUSTMENTS', 'BRL');
          const w = await ensureMemberWallet(db, id, 'banca', 'BRL');
          await transfer(db, {
            idempotencyKey: `nodes-fund:${id}`,
            debitAccountId: house.id,
            creditAccountId: w.id,
            amount: 2_000 + ((i * 211) % 20_000),
            kind: 'ADJUSTMENT',
          });
        }

        // A DAILY and a DIVIDEND (daily period) contract on every agent edge, accepted before the day,
        // inserted from the bottom up so that many uplines pay before they are paid (debts, then repaid).
        const accounts = new Map(
          (await db.selectFrom('member').select(['id', 'account']).where('id', 'in', all).execute()).map(
            (r) => [r.id, r.account],
          ),
        );
        const edges = agents
          .filter((id) => parentOf.has(id))
          .sort((a, b) => depthOf.get(b)! - depthOf.get(a)!);
        const tiersOf = new Map<
          number,
          { kind: 'DAILY' | 'DIVIDEND'; tiers: SalaryTier[] | DividendTier[] }
        >();
        for (const [i, down] of edges.entries()) {
          const up = parentOf.get(down)!;
          const rate = 150 - depthOf.get(down)! * 20 - (i % 4) * 5;
          const daily: SalaryTier[] = [
            { validBet: 0, activeMembers: 0, rateType: 'PERCENT', rate },
            { validBet: 40_000, activeMembers: 2, rateType: 'PERCENT', rate: rate + 10 },
            ...(i % 5 === 0
              ? [{ validBet: 20_000, activeMembers: 1, rateType: 'FIXED' as const, rate: 900 }]
              : []),
          ];
          const dividend: DividendTier[] = [
            { validBet: 0, netLoss: 0, activeMembers: 0, rateBp: 800 + (i % 3) * 100 },
            { validBet: 50_000, netLoss: 30_000, activeMembers: 3, rateBp: 1_500 },
          ];
          for (const [kind, tiers] of [
            ['DAILY', daily],
            ['DIVIDEND', dividend],
          ] as const) {
            const best = bestRates(kind, tiers);
            const row = await db
              .insertInto('agent_contract')
              .values({
                merchant_code: 'banca',
                kind,
                product: 'CONS',
                period: 'D',
                upline_id: up,
                downline_id: down,
                upline_account: accounts.get(up)!,
                downline_account: accounts.get(down)!,
                status: 'active',
                tiers: JSON.stringify(tiers),
                best_rate_bp: best.bp,
                best_fixed: best.fixed,
                termination_requested_by: null,
                ended_reason: null,
                accepted_at: new Date(Date.now() - 30 * 86_400_000),
                ended_at: null,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            tiersOf.set(row.id, { kind, tiers });
          }
        }
        const total = tiersOf.size;
        const balances0 = await memberBalances(db, all, 'BRL');
        const transfers0 = Number(
          (await sql<{ n: string }>`select count(*)::text as n from ledger_transfer`.execute(db)).rows[0]!.n,
        );

        const settledCount = async () =>
          Number(
            (await sql<{ n: string }>`select count(*)::text as n from agent_contract_settlement`.execute(db))
              .rows[0]!.n,
          );

        // The hold: an uncommitted claim of the last contract of the kind the job settles second.
        const second = CONTRACT_KINDS.filter((k) => k === 'DIVIDEND' || k === 'DAILY')[1]!;
        const heldId = Math.max(...[...tiersOf].filter(([, c]) => c.kind === second).map(([id]) => id));
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let holding!: () => void;
        const held = new Promise<void>((r) => (holding = r));
        const hold = db
          .transaction()
          .execute(async (trx) => {
            await sql`insert into agent_contract_settlement (contract_id, period_key, period_from, period_to,
                tier_index, team_valid_bet, team_pnl, active_members, rate_type, rate, amount, paid, debt, payer)
              values (${heldId}, ${second === 'DAILY' ? day : `D:${day}`}, now(), now(), null, 0, 0, 0,
                'PERCENT', 0, 0, 0, 0, 'UPLINE')`.execute(trx);
            holding();
            await released;
            throw new Error('hold released');
          })
          .catch(() => undefined);
        await held;

        // Two nodes; the job's first period is claimed by one of them within a few ticks.
        nodes.push(await startNode(database.schema!), await startNode(database.schema!));
        const running = await until('a settlement run in progress', async () => {
          const n = await settledCount();
          if (n === 0) return undefined;
          if (n >= total) throw new Error(`the run finished (${n}) before the kill: make it longer`);
          const row = await db
            .selectFrom('job_run')
            .select(['node', 'period_start'])
            .where('name', '=', JOB)
            .where('finished_at', 'is', null)
            .orderBy('period_start')
            .executeTakeFirst();
          return row && n >= total / 5 ? { ...row, settled: n } : undefined;
        });
        const victim = nodes.find((n) => running.node.includes(`:${n.pid}:`));
        expect(victim, `job_run.node ${running.node}`).toBeDefined();
        victim!.proc.kill('SIGKILL');
        expect(await victim!.exited).toBeNull();
        const survivor = nodes.find((n) => n !== victim)!;
        const atKill = await settledCount();
        expect(atKill).toBeLessThan(total);
        release();
        await hold;

        // The survivor's scheduler takes the next period and goes on; once it has, a twin run of the same
        // day through the survivor's dev route races it.
        await until('the survivor settling', async () =>
          (await settledCount()) > atKill ? true : undefined,
        );
        const twin = Promise.all(
          (['DIVIDEND', 'DAILY'] as const).map((kind) =>
            fetch(`${survivor.url}/dev/agent-contracts/settle`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ kind }),
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { value: unknown } })),
          ),
        );
        await until('the survivor’s scheduled run', async () => {
          const row = await db
            .selectFrom('job_run')
            .select(['outcome', 'detail'])
            .where('name', '=', JOB)
            .where('node', 'like', `%:${survivor.pid}:%`)
            .where('finished_at', 'is not', null)
            .executeTakeFirst();
          if (row) expect(row.outcome, row.detail ?? '').toBe('done');
          return row ?? undefined;
        });
        for (const r of await twin) expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(await settledCount()).toBe(total);

        // Every (contract, period) exactly once, for the day, by the tier rule.
        const rows = await db.selectFrom('agent_contract_settlement').selectAll().orderBy('id').execute();
        expect(rows).toHaveLength(total);
        const team = (id: number): number[] => [
          id,
          ...all.filter((x) => parentOf.get(x) === id).flatMap((x) => team(x)),
        ];
        let paying = 0;
        for (const s of rows) {
          const c = tiersOf.get(s.contract_id)!;
          expect(s.period_key).toBe(c.kind === 'DAILY' ? day : `D:${day}`);
          const contract = await db
            .selectFrom('agent_contract')
            .select(['upline_id', 'downline_id'])
            .where('id', '=', s.contract_id)
            .executeTakeFirstOrThrow();
          const plays = team(contract.downline_id).flatMap((m) => (stakeOf.has(m) ? [stakeOf.get(m)!] : []));
          const bet = plays.reduce((a, p) => a + p.stake, 0);
          const pnl = plays.reduce((a, p) => a + p.payout - p.stake, 0);
          const active = plays.filter((p) => p.stake > 0 && p.stake >= ACTIVE_MIN).length;
          const expected =
            c.kind === 'DAILY'
              ? dailyReference(c.tiers as SalaryTier[], bet, active)
              : dividendReference(c.tiers as DividendTier[], bet, pnl, active);
          const label = `contract ${s.contract_id} (${c.kind})`;
          expect([Number(s.team_valid_bet), Number(s.team_pnl), s.active_members], label).toEqual([
            bet,
            pnl,
            active,
          ]);
          expect(Number(s.amount), label).toBe(expected);
          expect(Number(s.paid) + Number(s.debt), label).toBe(expected);
          expect(s.payer, label).toBe(contract.upline_id === top ? 'HOUSE' : 'UPLINE');
          if (expected > 0) paying += 1;
          // The payment: one ledger transfer under the (contract, period) key, of exactly what was paid.
          const { rows: moved } = await sql<{ amount: string }>`
        select amount::text from ledger_transfer
        where idempotency_key = ${`agent-contract:${s.contract_id}:${s.period_key}`}`.execute(db);
          expect(
            moved.map((m) => Number(m.amount)),
            label,
          ).toEqual(Number(s.paid) > 0 ? [Number(s.paid)] : []);
        }
        // Team play makes most contracts pay.
        expect(paying).toBeGreaterThan(total / 2);

        // Debts: one per short settlement, of its debt; repayments as the ledger moved them.
        const debts = await db.selectFrom('agent_contract_debt').selectAll().execute();
        const debtOf = new Map(debts.map((d) => [d.settlement_id, d]));
        for (const s of rows) {
          const d = debtOf.get(s.id);
          if (Number(s.debt) === 0) expect(d).toBeUndefined();
          else expect(Number(d!.amount)).toBe(Number(s.debt));
        }
        for (const d of debts) {
          const { rows: repaid } = await sql<{ n: string; s: string }>`
        select count(*)::text as n, coalesce(sum(amount), 0)::text as s from ledger_transfer
        where reference = ${`contract-debt:${d.id}`}`.execute(db);
          expect(Number(repaid[0]!.s), `debt ${d.id}`).toBe(Number(d.amount) - Number(d.remaining));
        }
        // No key twice (the unique index says so; the contract transfers are exactly the settlements').
        const { rows: contractTransfers } = await sql<{ n: string; keys: string }>`
      select count(*)::text as n, count(distinct idempotency_key)::text as keys from ledger_transfer
      where kind = 'AGENT_CONTRACT' and idempotency_key like 'agent-contract:%'`.execute(db);
        expect(Number(contractTransfers[0]!.n)).toBe(rows.filter((s) => Number(s.paid) > 0).length);
        expect(contractTransfers[0]!.keys).toBe(contractTransfers[0]!.n);
        // The ledger: every currency sums to zero, no member below zero, every balance its transfers' sum.
        const { rows: ledger } = await sql<{ total: string; negative: string; drift: string }>`
      select (select coalesce(sum(balance), 0) from ledger_account)::text as total,
        (select count(*) from ledger_account where kind = 'MEMBER' and balance < 0)::text as negative,
        (select count(*) from ledger_account a where a.balance <>
          coalesce((select sum(amount) from ledger_transfer t where t.credit_account_id = a.id), 0)
          - coalesce((select sum(amount) from ledger_transfer t where t.debit_account_id = a.id), 0))::text as drift`.execute(
          db,
        );
        expect(ledger[0]).toEqual({ total: '0', negative: '0', drift: '0' });
        // Some uplines were short (debts), and some of those debts were repaid from later income.
        expect(debts.length).toBeGreaterThan(0);
        expect(debts.some((d) => Number(d.remaining) < Number(d.amount))).toBe(true);
        // What the members gained is what the settlements paid out of the house.
        const balances1 = await memberBalances(db, all, 'BRL');
        const gained = all.reduce((a, id) => a + (balances1.get(id) ?? 0) - (balances0.get(id) ?? 0), 0);
        const fromHouse = rows.filter((s) => s.payer === 'HOUSE').reduce((a, s) => a + Number(s.paid), 0);
        expect(gained).toBe(fromHouse);

        // A re-run of the day on the survivor moves nothing.
        const transfers1 = Number(
          (await sql<{ n: string }>`select count(*)::text as n from ledger_transfer`.execute(db)).rows[0]!.n,
        );
        expect(transfers1).toBeGreaterThan(transfers0);
        for (const kind of ['DIVIDEND', 'DAILY'] as const) {
          const res = await fetch(`${survivor.url}/dev/agent-contracts/settle`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ kind }),
          });
          const body = (await res.json()) as { value: { settled: number; skipped: number } };
          expect(res.status).toBe(200);
          expect(body.value).toMatchObject({ settled: 0, skipped: total / 2 });
        }
        expect(
          Number(
            (await sql<{ n: string }>`select count(*)::text as n from ledger_transfer`.execute(db)).rows[0]!
              .n,
          ),
        ).toBe(transfers1);
        expect(await memberBalances(db, all, 'BRL')).toEqual(balances1);
        expect(await settledCount()).toBe(total);
      },
    );
  },
);
