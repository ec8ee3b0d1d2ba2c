/**
 * The vendor wallet API under concurrency on PostgreSQL (issue 11, Reliability): 1,000 rounds from 20
 * parallel clients over HTTP, with duplicates sent at once, retries, rollbacks (some before their
 * debit), several credits per round and end-rounds, on few wallets so calls meet on the same rows.
 * Then: the ledger sums to zero, no member balance is below zero, each round's payout - stake equals
 * its net ledger movement, no transaction moved money twice, and every wallet equals its start plus
 * its rounds. Skipped without TEST_DATABASE_URL (PGlite has one session: no real parallelism).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import type { Database } from '../../../database.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import {
  devPlayers,
  newVendorId,
  vendorClient,
  type Player,
  type VendorClient,
  type VendorResponse,
} from '../../../platform/vendor-api/vendor-client.ts';
import { rotateVendorSecret, vendorSealKey } from '../index.ts';

const ROUNDS = 1_000;
const CLIENTS = 20;
const MEMBERS = 6;
const START = 10_000_000;

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s ^= s >>> 13;
    return (s >>> 0) / 2 ** 32;
  };
}

describe.runIf(TEST_DATABASE_URL)('vendor wallet under concurrency (PostgreSQL)', () => {
  let database: TestDatabase;
  let wide: DatabaseHandle<Database>;
  let server: RunningApp;
  let client: VendorClient;
  let players: Player[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    await seedDemoLobby(database.db);
    // The gateway gets a pool as wide as the clients, so calls really run side by side.
    wide = await openDatabase<Database>({
      kind: 'postgres',
      url: TEST_DATABASE_URL!,
      schema: database.schema,
      max: CLIENTS,
    });
    server = await startApp(wide.db);
    const secret = await rotateVendorSecret(database.db, await vendorSealKey(database.db), 'BANCA');
    client = vendorClient(server.url, 'BANCA', secret);
    const factory = devPlayers(server.url, 'BANCA');
    players = [];
    for (let i = 0; i < MEMBERS; i++) players.push(await factory({ amount: START }));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await wide?.close();
    await database?.close();
  });

  it(`${ROUNDS} rounds from ${CLIENTS} clients keep every invariant`, async () => {
    const random = rng(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const failures: string[] = [];
    /** Sends a call 1-3 times at once (a duplicate or a retry racing the first). */
    const sendDup = async (
      call: Parameters<VendorClient['send']>[0],
      body: unknown,
    ): Promise<VendorResponse[]> => {
      const copies = 1 + Math.floor(random() * 3);
      return Promise.all(Array.from({ length: copies }, () => client.send(call, body)));
    };
    const expectStatus = (answers: VendorResponse[], allowed: string[], what: string) => {
      for (const a of answers) {
        if (!allowed.includes(a.body.status)) failures.push(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
      }
      // Every copy of one money call gets the same (stored) answer; end-round has no transaction id
      // and answers the balance of the moment.
      if (what === 'end-round') return;
      const statuses = new Set(answers.map((a) => `${a.body.status}:${a.body.balance ?? ''}`));
      if (answers.every((a) => a.body.status === 'OK') && statuses.size > 1) {
        failures.push(`${what}: copies answered differently ${[...statuses].join(' ')}`);
      }
    };

    // Plans are drawn up front (one generator, deterministic), then played by the clients.
    const plans = Array.from({ length: ROUNDS }, () => ({
      player: pick(players),
      debits: Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({
        id: newVendorId('d'),
        amount: 1 + Math.floor(random() * 5_000),
        rollback: random() < 0.15,
        rollbackFirst: random() < 0.05,
      })),
      credits: Array.from({ length: Math.floor(random() * 3) }, () => Math.floor(random() * 8_000)),
      endWith: random() < 0.3 ? ('end-round' as const) : ('closing-credit' as const),
    }));

    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= plans.length) return;
        const plan = plans[i]!;
        const round = newVendorId('r');
        const session = plan.player.playerSession;
        for (const d of plan.debits) {
          const rollback = {
            playerSession: session,
            transactionId: newVendorId('rb'),
            roundId: round,
            refTransactionId: d.id,
          };
          if (d.rollbackFirst) expectStatus(await sendDup('rollback', rollback), ['OK'], 'early rollback');
          const debit = {
            playerSession: session,
            transactionId: d.id,
            roundId: round,
            gameCode: 'SLOT5X3',
            amount: d.amount,
          };
          expectStatus(
            await sendDup('debit', debit),
            d.rollbackFirst ? ['transaction_rolled_back'] : ['OK', 'round_closed'],
            'debit',
          );
          if (d.rollback && !d.rollbackFirst) {
            expectStatus(await sendDup('rollback', rollback), ['OK'], 'rollback');
          }
        }
        for (const [k, amount] of plan.credits.entries()) {
          const last = k === plan.credits.length - 1 && plan.endWith === 'closing-credit';
          const body = {
            playerSession: session,
            transactionId: newVendorId('c'),
            roundId: round,
            amount,
            closeRound: last,
          };
          expectStatus(await sendDup('credit', body), ['OK', 'round_closed', 'round_not_found'], 'credit');
        }
        if (plan.endWith === 'end-round' || plan.credits.length === 0) {
          expectStatus(
            await sendDup('endRound', { playerSession: session, roundId: round }),
            ['OK', 'round_not_found'],
            'end-round',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, worker));
    expect(failures.slice(0, 10)).toEqual([]);

    const db = database.db;
    const { rows: sums } = await sql<{ total: string }>`
      select coalesce(sum(balance), 0)::text as total from ledger_account`.execute(db);
    expect(sums[0]!.total).toBe('0');
    const { rows: negative } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_account where kind = 'MEMBER' and balance < 0`.execute(db);
    expect(negative[0]!.n).toBe(0);
    const { rows: mismatches } = await sql<{ round_id: string }>`
      select b.round_id from bet_record b
      left join (
        select reference, sum(case when kind = 'BET' then -amount else amount end)::bigint as net
        from ledger_transfer where kind in ('BET', 'BET_PAYOUT', 'BET_REFUND') group by reference
      ) l on l.reference = 'round:' || b.vendor || ':' || b.round_id
      where coalesce(l.net, 0) <> b.payout - b.stake`.execute(db);
    expect(mismatches).toEqual([]);
    // No transaction applied twice: one BET per accepted debit, one BET_REFUND per rolled-back debit,
    // one BET_PAYOUT per credit of more than zero.
    const { rows: counts } = await sql<{ what: string; n: number }>`
      select 'debits' as what, count(*)::int as n from vendor_transaction where kind = 'DEBIT'
      union all select 'bets', count(*)::int from ledger_transfer where kind = 'BET'
      union all select 'refunded', count(*)::int from vendor_transaction where kind = 'DEBIT' and rolled_back
      union all select 'refunds', count(*)::int from ledger_transfer where kind = 'BET_REFUND'
      union all select 'paid credits', count(*)::int from vendor_transaction where kind = 'CREDIT' and amount > 0
      union all select 'payouts', count(*)::int from ledger_transfer where kind = 'BET_PAYOUT'`.execute(db);
    const n = Object.fromEntries(counts.map((c) => [c.what, c.n]));
    expect(n.bets).toBe(n.debits);
    expect(n.refunds).toBe(n.refunded);
    expect(n.payouts).toBe(n['paid credits']);
    expect(n.bets).toBeGreaterThan(ROUNDS);
    // Every wallet = its start + the payouts - the stakes of its rounds.
    const { rows: wallets } = await sql<{ member_id: number; balance: string; net: string }>`
      select a.member_id, a.balance::text,
        coalesce((select sum(payout - stake) from bet_record b where b.member_id = a.member_id), 0)::text as net
      from ledger_account a where a.kind = 'MEMBER' and a.member_id = any(${sql.val(players.map((p) => p.memberId))})`.execute(
      db,
    );
    expect(wallets).toHaveLength(MEMBERS);
    for (const w of wallets) expect(Number(w.balance)).toBe(START + Number(w.net));
    // Rounds with an early rollback of their only debit never opened; every other round is closed.
    const { rows: open } = await sql<{ n: number }>`
      select count(*)::int as n from bet_record where status = 'OPEN'`.execute(db);
    expect(open[0]!.n).toBe(0);
  }, 900_000);
});
