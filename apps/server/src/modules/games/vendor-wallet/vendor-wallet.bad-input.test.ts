/**
 * Bad input on every vendor wallet endpoint (issue 11, "Bad input"): missing, malformed and forged
 * signatures, stale or future timestamps, unknown vendors, bodies the schema refuses (negative,
 * fractional, huge or non-numeric amounts, bad ids, extra fields, not JSON), unknown player sessions
 * and games, credits and end-rounds for unknown rounds, debits beyond the balance. Each answers a 4xx
 * with a vendor error code, and nothing in the wallet, bet, session, credential or event tables changes.
 * >= 200 generated requests per endpoint.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_ERROR_STATUS, VENDOR_MAX_AMOUNT, vendorCallbacks } from '@banca/contract';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import {
  devPlayers,
  vendorClient,
  type SendOptions,
  type VendorCall,
} from '../../../platform/vendor-api/vendor-client.ts';
import { rotateVendorSecret, vendorSealKey } from '../index.ts';
import { badInputRuns } from '../../../test/bad-input-runs.ts';

const RUNS = badInputRuns(220);
const TABLES = [
  'vendor_transaction',
  'bet_record',
  'vendor_player_session',
  'vendor_credential',
  'ledger_transfer',
  'ledger_account',
  'domain_event',
  'game_recent',
  'wallet_member_state',
];

let database: TestDatabase;
let server: RunningApp;
let secret: string;
let session: string;
const BALANCE = 50_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  await seedDemoLobby(database.db);
  server = await startApp(database.db);
  secret = await rotateVendorSecret(database.db, await vendorSealKey(database.db), 'BANCA');
  ({ playerSession: session } = await devPlayers(server.url, 'BANCA')({ amount: BALANCE }));
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function digest(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await sql<{ d: string | null; n: number }>`
      select count(*)::int as n, md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as d
      from ${sql.table(table)} t`.execute(database.db);
    parts.push(`${table}:${rows[0]!.n}:${rows[0]!.d ?? ''}`);
  }
  return parts.join(' ');
}

const anyJson = fc.jsonValue({ maxDepth: 2 });
const badAmount = (min: number) =>
  fc.oneof(
    fc.integer({ max: min - 1 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    fc.constantFrom(
      VENDOR_MAX_AMOUNT + 1,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      1e300,
      -1e300,
    ),
    fc.constantFrom('100', '1.50', 'NaN', '', '1e3', null, true, [], {}),
  );
const badId = fc.oneof(
  fc.constantFrom('', 'x'.repeat(65), 'has space', 'a/b', 'ключ', '<script>', null, 42, [], {}),
  fc.string({ maxLength: 70 }).filter((s) => !/^[A-Za-z0-9._:-]{1,64}$/.test(s)),
);
const badSession = fc.oneof(
  fc.constantFrom('', 'short', 'A'.repeat(44), `${'A'.repeat(42)}=`, null, 7),
  fc.string({ maxLength: 50 }).filter((s) => !/^[A-Za-z0-9_-]{43}$/.test(s)),
);
/** Well formed, never issued. */
const unknownSession = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).filter((s) => s !== session);
const goodId = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/).map((s) => `bad-${s}`);

/** Per endpoint: a valid body (refused only by its signature), bodies the schema refuses, and
 *  well-formed bodies the service refuses without writing. */
const ENDPOINTS: Record<
  VendorCall,
  { valid: fc.Arbitrary<object>; invalid: fc.Arbitrary<unknown>; refused: fc.Arbitrary<object> }
> = {
  balance: {
    valid: fc.constant({ playerSession: 'placeholder' }),
    invalid: fc.oneof(
      badSession.map((playerSession) => ({ playerSession })),
      fc.record({ playerSession: fc.constant('placeholder'), extra: anyJson }),
    ),
    refused: unknownSession.map((playerSession) => ({ playerSession })),
  },
  launch: {
    // Well formed, never issued: refused by the signature, or as launch_invalid.
    valid: unknownSession.map((launchToken) => ({ launchToken })),
    invalid: fc.oneof(
      badSession.map((launchToken) => ({ launchToken })),
      fc.record({ launchToken: unknownSession, extra: anyJson }),
      anyJson,
    ),
    refused: unknownSession.map((launchToken) => ({ launchToken })),
  },
  debit: {
    valid: fc.record({
      playerSession: fc.constant('placeholder'),
      transactionId: goodId,
      roundId: goodId,
      gameCode: fc.constant('SLOT5X3'),
      amount: fc.integer({ min: 1, max: 100 }),
    }),
    invalid: fc
      .record({
        playerSession: fc.oneof(fc.constant('placeholder'), badSession),
        transactionId: fc.oneof(goodId, badId),
        roundId: fc.oneof(goodId, badId),
        gameCode: fc.oneof(fc.constant('SLOT5X3'), badId),
        amount: fc.oneof(fc.integer({ min: 1, max: 100 }), badAmount(1)),
      })
      .filter((b) => !vendorCallbacks.debit.body.safeParse(withSession(b)).success),
    refused: fc.oneof(
      // Unknown game, unknown session, more than the balance.
      fc.record({
        playerSession: fc.constant('placeholder'),
        transactionId: goodId,
        roundId: goodId,
        gameCode: fc.constantFrom('NOPE', 'SLOT5X4', 'dice'),
        amount: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        playerSession: unknownSession,
        transactionId: goodId,
        roundId: goodId,
        gameCode: fc.constant('SLOT5X3'),
        amount: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        playerSession: fc.constant('placeholder'),
        transactionId: goodId,
        roundId: goodId,
        gameCode: fc.constant('SLOT5X3'),
        amount: fc.integer({ min: BALANCE + 1, max: VENDOR_MAX_AMOUNT }),
      }),
    ),
  },
  credit: {
    valid: fc.record({
      playerSession: fc.constant('placeholder'),
      transactionId: goodId,
      roundId: goodId,
      amount: fc.integer({ min: 0, max: 100 }),
      closeRound: fc.boolean(),
    }),
    invalid: fc
      .record({
        playerSession: fc.oneof(fc.constant('placeholder'), badSession),
        transactionId: fc.oneof(goodId, badId),
        roundId: fc.oneof(goodId, badId),
        amount: fc.oneof(fc.integer({ min: 0, max: 100 }), badAmount(0)),
        closeRound: fc.oneof(fc.boolean(), fc.constantFrom('yes', 1, null)),
      })
      .filter((b) => !vendorCallbacks.credit.body.safeParse(withSession(b)).success),
    // Credits for rounds that do not exist (the round ids are fresh), or for unknown sessions.
    refused: fc.record({
      playerSession: fc.oneof(fc.constant('placeholder'), unknownSession),
      transactionId: goodId,
      roundId: goodId,
      amount: fc.integer({ min: 0, max: VENDOR_MAX_AMOUNT }),
      closeRound: fc.boolean(),
    }),
  },
  rollback: {
    valid: fc.record({
      playerSession: fc.constant('placeholder'),
      transactionId: goodId,
      roundId: goodId,
      refTransactionId: goodId,
    }),
    invalid: fc
      .record({
        playerSession: fc.oneof(fc.constant('placeholder'), badSession),
        transactionId: fc.oneof(goodId, badId),
        roundId: fc.oneof(goodId, badId),
        refTransactionId: fc.oneof(goodId, badId),
      })
      .filter((b) => !vendorCallbacks.rollback.body.safeParse(withSession(b)).success),
    refused: fc.oneof(
      fc.record({
        playerSession: unknownSession,
        transactionId: goodId,
        roundId: goodId,
        refTransactionId: goodId,
      }),
      // A rollback naming itself.
      goodId.map((id) => ({
        playerSession: 'placeholder',
        transactionId: id,
        roundId: 'r1',
        refTransactionId: id,
      })),
    ),
  },
  endRound: {
    valid: fc.record({ playerSession: fc.constant('placeholder'), roundId: goodId }),
    invalid: fc
      .record({
        playerSession: fc.oneof(fc.constant('placeholder'), badSession),
        roundId: fc.oneof(goodId, badId),
        extra: fc.option(anyJson, { nil: undefined }),
      })
      .map((b) => {
        const body: Record<string, unknown> = { ...b };
        if (b.extra === undefined) delete body.extra;
        return body;
      })
      .filter((b) => !vendorCallbacks.endRound.body.safeParse(withSession(b)).success),
    refused: fc.record({
      playerSession: fc.oneof(fc.constant('placeholder'), unknownSession),
      roundId: goodId,
    }),
  },
};

function withSession(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return b.playerSession === 'placeholder' ? { ...b, playerSession: session } : b;
}

type Signing = 'good' | 'forged' | 'none' | 'stale' | 'future' | 'unknown-vendor' | 'bad-header';

describe('vendor wallet endpoints refuse bad input and write nothing', () => {
  for (const [call, gen] of Object.entries(ENDPOINTS) as [VendorCall, (typeof ENDPOINTS)[VendorCall]][]) {
    it(`POST ${vendorCallbacks[call].path}: ${RUNS} bad requests`, async () => {
      const client = vendorClient(server.url, 'BANCA', secret);
      const before = await digest();
      const request = fc.oneof(
        gen.invalid.map((body) => ({
          body,
          raw: undefined as string | undefined,
          signing: 'good' as Signing,
        })),
        gen.refused.map((body) => ({
          body: body as unknown,
          raw: undefined as string | undefined,
          signing: 'good' as Signing,
        })),
        fc
          .tuple(
            fc.oneof(gen.valid, gen.invalid),
            fc.constantFrom<Signing>('forged', 'none', 'stale', 'future', 'unknown-vendor', 'bad-header'),
          )
          .map(([body, signing]) => ({
            body: body as unknown,
            raw: undefined as string | undefined,
            signing,
          })),
        fc
          .constantFrom('{', '', 'null', '[1,', '"x"', 'playerSession=1', '{"playerSession":}')
          .map((raw) => ({
            body: undefined as unknown,
            raw: raw as string | undefined,
            signing: 'good' as Signing,
          })),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ body, raw, signing }) => {
          const now = Math.floor(Date.now() / 1000);
          const options: SendOptions = {
            ...(raw !== undefined ? { rawBody: raw } : {}),
            ...(signing === 'forged' ? { secret: 'forged-secret' } : {}),
            ...(signing === 'none' ? { unsigned: true } : {}),
            ...(signing === 'stale' ? { timestamp: now - 301 - Math.floor(Math.random() * 10_000) } : {}),
            ...(signing === 'future' ? { timestamp: now + 301 + Math.floor(Math.random() * 10_000) } : {}),
            ...(signing === 'unknown-vendor' ? { vendor: 'NO_SUCH_VENDOR' } : {}),
          };
          const res =
            signing === 'bad-header'
              ? await fetch(server.url + vendorCallbacks[call].path, {
                  method: 'POST',
                  headers: {
                    'content-type': 'application/json',
                    'x-vendor-id': 'BANCA',
                    'x-vendor-timestamp': 'yesterday',
                    'x-vendor-signature': 'zz',
                  },
                  body: JSON.stringify(withSession(body)),
                }).then(async (r) => ({ status: r.status, body: (await r.json()) as { status: string } }))
              : await client.send(call, withSession(body), options);
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          expect(Object.keys(VENDOR_ERROR_STATUS)).toContain(res.body.status);
        }),
        { numRuns: RUNS },
      );
      expect(await digest()).toBe(before);
    }, 120_000);
  }
});
