import type { VendorErrorCode } from '@banca/contract';
import {
  newVendorId,
  type PlayerFactory,
  type VendorClient,
  type VendorResponse,
} from '../platform/vendor-api/vendor-client.ts';

/*
 * The vendor wallet conformance suite: the scenarios any seamless-wallet integration must survive,
 * played against a gateway over HTTP (docs/vendor-api.md, "Conformance suite"). Each scenario makes
 * its own players, so scenarios are independent and may run in any order.
 */

export interface ConformanceTarget {
  client: VendorClient;
  players: PlayerFactory;
  /** A game code of the vendor in the gateway's catalogue. */
  gameCode: string;
}

export interface ScenarioResult {
  name: string;
  ok: boolean;
  detail?: string;
}

class Failed extends Error {}

function expectOk(res: VendorResponse, what: string): number {
  if (res.status !== 200 || res.body.status !== 'OK' || typeof res.body.balance !== 'number') {
    throw new Failed(`${what}: expected 200 OK, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.balance;
}

function expectRefused(res: VendorResponse, status: number, code: VendorErrorCode, what: string): void {
  if (res.status !== status || res.body.status !== code) {
    throw new Failed(`${what}: expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}

function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new Failed(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/** JSON with sorted keys: a stored answer may come back with its keys in another order. */
const canonical = (value: object): string =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));

type Scenario = (t: ConformanceTarget) => Promise<void>;

const balanceOf = async (t: ConformanceTarget, playerSession: string) =>
  expectOk(await t.client.send('balance', { playerSession }), 'balance');

const debit = (
  t: ConformanceTarget,
  playerSession: string,
  roundId: string,
  amount: number,
  transactionId = newVendorId('d'),
) => t.client.send('debit', { playerSession, transactionId, roundId, gameCode: t.gameCode, amount });

const credit = (
  t: ConformanceTarget,
  playerSession: string,
  roundId: string,
  amount: number,
  closeRound = true,
  transactionId = newVendorId('c'),
) => t.client.send('credit', { playerSession, transactionId, roundId, amount, closeRound });

export const SCENARIOS: Record<string, Scenario> = {
  'a round: debit then closing credit moves the balance exactly': async (t) => {
    const p = await t.players({ amount: 10_000 });
    expectEqual(await balanceOf(t, p.playerSession), 10_000, 'opening balance');
    const round = newVendorId('r');
    expectEqual(
      expectOk(await debit(t, p.playerSession, round, 1_500), 'debit'),
      8_500,
      'balance after debit',
    );
    expectEqual(
      expectOk(await credit(t, p.playerSession, round, 4_000), 'credit'),
      12_500,
      'balance after credit',
    );
    expectEqual(await balanceOf(t, p.playerSession), 12_500, 'closing balance');
  },

  'duplicate debit: the second call gets the first answer and moves nothing': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const tx = newVendorId('d');
    const first = await debit(t, p.playerSession, round, 1_000, tx);
    expectOk(first, 'debit');
    // Something else moves the balance in between: the replay still answers the first balance.
    expectOk(await debit(t, p.playerSession, round, 500), 'second debit');
    const again = await debit(t, p.playerSession, round, 1_000, tx);
    expectEqual(canonical(again.body), canonical(first.body), 'replayed answer');
    expectEqual(await balanceOf(t, p.playerSession), 8_500, 'balance');
  },

  'retries in parallel: 8 copies of one debit and one credit apply once': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const d = newVendorId('d');
    const debits = await Promise.all(
      Array.from({ length: 8 }, () => debit(t, p.playerSession, round, 700, d)),
    );
    for (const r of debits)
      expectEqual(expectOk(r, 'parallel debit'), 9_300, 'every copy answers the first balance');
    const c = newVendorId('c');
    const credits = await Promise.all(
      Array.from({ length: 8 }, () => credit(t, p.playerSession, round, 1_000, true, c)),
    );
    for (const r of credits)
      expectEqual(expectOk(r, 'parallel credit'), 10_300, 'every copy answers the first balance');
    expectEqual(await balanceOf(t, p.playerSession), 10_300, 'balance');
  },

  'same transaction id with other parameters is refused': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const tx = newVendorId('d');
    expectOk(await debit(t, p.playerSession, round, 1_000, tx), 'debit');
    expectRefused(
      await debit(t, p.playerSession, round, 2_000, tx),
      409,
      'transaction_conflict',
      'reused id',
    );
    expectEqual(await balanceOf(t, p.playerSession), 9_000, 'balance');
  },

  'rollback before debit: remembered, the late debit is refused': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const tx = newVendorId('d');
    const rb = {
      playerSession: p.playerSession,
      transactionId: newVendorId('rb'),
      roundId: round,
      refTransactionId: tx,
    };
    expectEqual(
      expectOk(await t.client.send('rollback', rb), 'rollback of an unknown debit'),
      10_000,
      'balance',
    );
    expectOk(await t.client.send('rollback', rb), 'repeated rollback');
    expectRefused(
      await debit(t, p.playerSession, round, 1_000, tx),
      409,
      'transaction_rolled_back',
      'late debit',
    );
    expectEqual(await balanceOf(t, p.playerSession), 10_000, 'balance');
  },

  'rollback after debit refunds once, however often it is sent': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const tx = newVendorId('d');
    expectOk(await debit(t, p.playerSession, round, 2_500, tx), 'debit');
    const rb = {
      playerSession: p.playerSession,
      transactionId: newVendorId('rb'),
      roundId: round,
      refTransactionId: tx,
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.client.send('rollback', rb)));
    for (const a of answers) expectEqual(expectOk(a, 'rollback'), 10_000, 'refunded balance');
    // Another rollback id for the same debit: accepted, refunds nothing more.
    expectOk(
      await t.client.send('rollback', { ...rb, transactionId: newVendorId('rb') }),
      'second rollback of the same debit',
    );
    expectEqual(await balanceOf(t, p.playerSession), 10_000, 'balance');
  },

  'credit after rollback: the cancelled round takes no credit': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    const tx = newVendorId('d');
    expectOk(await debit(t, p.playerSession, round, 1_000, tx), 'debit');
    expectOk(
      await t.client.send('rollback', {
        playerSession: p.playerSession,
        transactionId: newVendorId('rb'),
        roundId: round,
        refTransactionId: tx,
      }),
      'rollback',
    );
    expectRefused(
      await credit(t, p.playerSession, round, 5_000),
      409,
      'round_closed',
      'credit after rollback',
    );
    expectEqual(await balanceOf(t, p.playerSession), 10_000, 'balance');
  },

  'wrong signature, unknown vendor and unsigned calls are refused': async (t) => {
    const p = await t.players({ amount: 1_000 });
    const body = { playerSession: p.playerSession };
    expectRefused(
      await t.client.send('balance', body, { secret: 'not-the-secret' }),
      401,
      'bad_signature',
      'forged',
    );
    expectRefused(
      await t.client.send('balance', body, { vendor: 'NO_SUCH_VENDOR' }),
      401,
      'unknown_vendor',
      'unknown vendor',
    );
    expectRefused(await t.client.send('balance', body, { unsigned: true }), 401, 'unsigned', 'unsigned');
    const round = newVendorId('r');
    const forged = await t.client.send(
      'debit',
      {
        playerSession: p.playerSession,
        transactionId: newVendorId('d'),
        roundId: round,
        gameCode: t.gameCode,
        amount: 100,
      },
      { secret: 'not-the-secret' },
    );
    expectRefused(forged, 401, 'bad_signature', 'forged debit');
    expectEqual(await balanceOf(t, p.playerSession), 1_000, 'balance');
  },

  'stale timestamp is refused': async (t) => {
    const p = await t.players({ amount: 1_000 });
    const old = Math.floor(Date.now() / 1000) - 3_600;
    expectRefused(
      await t.client.send('balance', { playerSession: p.playerSession }, { timestamp: old }),
      401,
      'stale_timestamp',
      'an hour old',
    );
    const future = Math.floor(Date.now() / 1000) + 3_600;
    const res = await debit(t, p.playerSession, newVendorId('r'), 100);
    expectOk(res, 'fresh debit');
    const stale = await t.client.send(
      'debit',
      {
        playerSession: p.playerSession,
        transactionId: newVendorId('d'),
        roundId: newVendorId('r'),
        gameCode: t.gameCode,
        amount: 100,
      },
      { timestamp: future },
    );
    expectRefused(stale, 401, 'stale_timestamp', 'an hour ahead');
    expectEqual(await balanceOf(t, p.playerSession), 900, 'balance');
  },

  'concurrent bets on one wallet never overdraw it': async (t) => {
    const p = await t.players({ amount: 1_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => debit(t, p.playerSession, newVendorId('r'), 100)),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    for (const a of answers) {
      if (a.status !== 200) expectRefused(a, 409, 'insufficient_funds', 'a refused bet');
    }
    expectEqual(accepted, 10, 'accepted bets');
    expectEqual(await balanceOf(t, p.playerSession), 0, 'balance');
  },

  'insufficient funds answers with the current balance': async (t) => {
    const p = await t.players({ amount: 700 });
    const res = await debit(t, p.playerSession, newVendorId('r'), 701);
    expectRefused(res, 409, 'insufficient_funds', 'debit over the balance');
    expectEqual(res.body.balance, 700, 'balance in the answer');
    expectEqual(await balanceOf(t, p.playerSession), 700, 'balance');
  },

  'a closed round takes no more debits or credits; unknown rounds take no credit': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    expectOk(await debit(t, p.playerSession, round, 1_000), 'debit');
    expectOk(await credit(t, p.playerSession, round, 300, false), 'first credit (round stays open)');
    expectOk(await credit(t, p.playerSession, round, 200, true), 'closing credit');
    expectRefused(
      await credit(t, p.playerSession, round, 100),
      409,
      'round_closed',
      'credit on a closed round',
    );
    expectRefused(
      await debit(t, p.playerSession, round, 100),
      409,
      'round_closed',
      'debit on a closed round',
    );
    expectRefused(
      await credit(t, p.playerSession, newVendorId('r'), 100),
      404,
      'round_not_found',
      'unknown round',
    );
    expectEqual(await balanceOf(t, p.playerSession), 9_500, 'balance');
  },

  'end-round closes a round; ending it again is harmless': async (t) => {
    const p = await t.players({ amount: 10_000 });
    const round = newVendorId('r');
    expectOk(await debit(t, p.playerSession, round, 1_000), 'debit');
    expectOk(
      await t.client.send('endRound', { playerSession: p.playerSession, roundId: round }),
      'end-round',
    );
    expectOk(
      await t.client.send('endRound', { playerSession: p.playerSession, roundId: round }),
      'end-round again',
    );
    expectRefused(
      await credit(t, p.playerSession, round, 500),
      409,
      'round_closed',
      'credit after end-round',
    );
    expectEqual(await balanceOf(t, p.playerSession), 9_000, 'balance');
  },

  'an expired session may credit and roll back, not debit': async (t) => {
    const live = await t.players({ amount: 10_000 });
    const expired = await t.players({ memberId: live.memberId, amount: 0, ttlSeconds: 0 });
    const r1 = newVendorId('r');
    const r2 = newVendorId('r');
    const d2 = newVendorId('d');
    expectOk(await debit(t, live.playerSession, r1, 1_000), 'debit');
    expectOk(await debit(t, live.playerSession, r2, 2_000, d2), 'debit');
    expectRefused(
      await debit(t, expired.playerSession, newVendorId('r'), 100),
      401,
      'session_expired',
      'debit',
    );
    expectRefused(
      await t.client.send('balance', { playerSession: expired.playerSession }),
      401,
      'session_expired',
      'balance',
    );
    expectOk(await credit(t, expired.playerSession, r1, 3_000), 'credit on an expired session');
    expectOk(
      await t.client.send('rollback', {
        playerSession: expired.playerSession,
        transactionId: newVendorId('rb'),
        roundId: r2,
        refTransactionId: d2,
      }),
      'rollback on an expired session',
    );
    expectEqual(await balanceOf(t, live.playerSession), 12_000, 'balance');
  },

  'unknown player sessions are refused': async (t) => {
    const res = await t.client.send('balance', { playerSession: 'A'.repeat(43) });
    expectRefused(res, 401, 'session_invalid', 'unknown session');
  },
};

/** Plays every scenario (or those named) against the target; never throws for a failed scenario. */
export async function runConformance(
  target: ConformanceTarget,
  only?: readonly string[],
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (only && !only.includes(name)) continue;
    try {
      await scenario(target);
      results.push({ name, ok: true });
    } catch (err) {
      results.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  }
  return results;
}
