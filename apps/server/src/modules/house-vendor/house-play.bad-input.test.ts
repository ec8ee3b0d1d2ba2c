/**
 * Bad input on every house game endpoint (issue 11, "Bad input"): bodies the contract refuses
 * (missing or malformed sessions and request ids, fractional, negative, huge or non-numeric stakes,
 * unknown fields, not objects), well-formed calls in sessions never issued, and bets the game's rules
 * refuse (bet per line, lines, dice chance) or that name the other game. Each answers a 4xx with a
 * code, and nothing in the house, wallet or bet tables changes. 220 generated bodies per endpoint.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { gamesRoutes, houseRoutes, loginValueSchema } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../seed/demo-lobby.ts';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { devPlayers } from '../../platform/vendor-api/vendor-client.ts';
import { badInputRuns } from '../../test/bad-input-runs.ts';

const RUNS = badInputRuns(220);
const TABLES = [
  'house_seed',
  'house_round',
  'house_session',
  'vendor_transaction',
  'bet_record',
  'ledger_transfer',
];

let t: AuthTestServer;
let slotSession: string;
let diceSession: string;

async function sessionFor(gameCode: string): Promise<string> {
  const ip = freshIp();
  const account = freshUsername('hb');
  const [memberId] = await insertAccounts(t.database.db, [{ account, knownIps: [ip] }]);
  await devPlayers(t.server.url, 'BANCA')({ amount: 1_000_000, memberId: memberId! });
  const login = await t.client.login(account, FAST_PASSWORD, {}, { ip });
  const token = loginValueSchema.parse(login.body.value).token;
  const launched = await t.client.call(gamesRoutes.launchGame.path, {
    body: { nodeId: `BANCA-${gameCode}` },
    token,
  });
  const url = new URL(launched.body.value.url, 'http://x');
  const opened = await t.client.call(houseRoutes.openSession.path, {
    body: { launch: url.searchParams.get('launch'), vendor: 'BANCA' },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.value.session;
}

beforeAll(async () => {
  t = await startAuthTestServer();
  await seedDemoLobby(t.database.db);
  slotSession = await sessionFor('SLOT5X3');
  diceSession = await sessionFor('DICE');
}, 300_000);
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await sql<{ d: string | null; n: number }>`
      select count(*)::int as n, md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as d
      from ${sql.table(table)} t`.execute(t.database.db);
    parts.push(`${table}:${rows[0]!.n}:${rows[0]!.d ?? ''}`);
  }
  return parts.join(' ');
}

const anyJson = fc.jsonValue({ maxDepth: 2 });
const badSession = fc.oneof(
  fc.constantFrom('', 'short', 'A'.repeat(44), null, 7, [], {}),
  fc.string({ maxLength: 50 }).filter((s) => !/^[A-Za-z0-9_-]{43}$/.test(s)),
);
/** Well formed, never issued. */
const unknownSession = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
const requestId = fc.uuid();
const badRequestId = fc.oneof(
  fc.constantFrom('', 'short', 'x'.repeat(41), 'has space', null, 5),
  fc.string({ maxLength: 45 }).filter((s) => !/^[A-Za-z0-9_-]{8,40}$/.test(s)),
);
const badNumber = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e300, '100', '1.5', '', null, true, [], {}),
);
const withExtra = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, fc.string({ minLength: 1, maxLength: 8 }), anyJson).map(([body, key, value]) => ({
    ...body,
    [`x${key}`]: value,
  }));

type Case = { body: unknown; status: number[] };
const oneOfCases = (...arbs: fc.Arbitrary<Case>[]) => fc.oneof(...arbs);
const expectAs =
  (status: number[]) =>
  (body: unknown): Case => ({ body, status });

const spinOk = (session: fc.Arbitrary<string>) =>
  fc.record({
    session,
    requestId,
    betPerLine: fc.integer({ min: 1, max: 10 }),
    lines: fc.integer({ min: 1, max: 20 }),
  });
const rollOk = (session: fc.Arbitrary<string>) =>
  fc.record({
    session,
    requestId,
    stake: fc.integer({ min: 1, max: 100 }),
    direction: fc.constantFrom('under', 'over'),
    target: fc.integer({ min: 200, max: 9700 }),
  });

const ENDPOINTS: Record<string, { path: string; cases: () => fc.Arbitrary<Case> }> = {
  spin: {
    path: houseRoutes.spin.path,
    cases: () =>
      oneOfCases(
        fc
          .record({
            session: fc.oneof(fc.constant(slotSession), badSession),
            requestId: fc.oneof(requestId, badRequestId),
            betPerLine: fc.oneof(fc.integer({ min: 1, max: 10 }), badNumber),
            lines: fc.oneof(fc.integer({ min: 1, max: 20 }), badNumber),
          })
          .filter((b) => !houseRoutes.spin.body!.safeParse(b).success)
          .map(expectAs([400])),
        withExtra(spinOk(fc.constant(slotSession))).map(expectAs([400])),
        anyJson.map(expectAs([400])),
        spinOk(unknownSession).map(expectAs([401])),
        // The game's rules: bet per line above 10,000, more than 20 lines.
        fc
          .record({
            session: fc.constant(slotSession),
            requestId,
            betPerLine: fc.integer({ min: 10_001, max: 1e9 }),
            lines: fc.integer({ min: 1, max: 20 }),
          })
          .map(expectAs([400])),
        fc
          .record({
            session: fc.constant(slotSession),
            requestId,
            betPerLine: fc.constant(1),
            lines: fc.integer({ min: 21, max: 100 }),
          })
          .map(expectAs([400])),
        // A dice session cannot spin.
        spinOk(fc.constant(diceSession)).map(expectAs([409])),
      ),
  },
  roll: {
    path: houseRoutes.roll.path,
    cases: () =>
      oneOfCases(
        fc
          .record({
            session: fc.oneof(fc.constant(diceSession), badSession),
            requestId: fc.oneof(requestId, badRequestId),
            stake: fc.oneof(fc.integer({ min: 1, max: 100 }), badNumber),
            direction: fc.oneof(fc.constantFrom('under', 'over'), fc.constantFrom('UNDER', '', null, 1)),
            target: fc.oneof(fc.integer({ min: 200, max: 9700 }), badNumber, fc.integer({ min: 10_000 })),
          })
          .filter((b) => !houseRoutes.roll.body!.safeParse(b).success)
          .map(expectAs([400])),
        withExtra(rollOk(fc.constant(diceSession))).map(expectAs([400])),
        anyJson.map(expectAs([400])),
        rollOk(unknownSession).map(expectAs([401])),
        // Chance outside 1-98%.
        fc
          .record({
            session: fc.constant(diceSession),
            requestId,
            stake: fc.integer({ min: 1, max: 100 }),
            direction: fc.constant('under'),
            target: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 9801, max: 9999 })),
          })
          .map(expectAs([400])),
        rollOk(fc.constant(slotSession)).map(expectAs([409])),
      ),
  },
};
const sessionOnly = (path: string, extra: (s: fc.Arbitrary<unknown>) => fc.Arbitrary<object>) => ({
  path,
  cases: () =>
    oneOfCases(
      extra(badSession).map(expectAs([400])),
      withExtra(extra(fc.constant(slotSession))).map(expectAs([400])),
      anyJson.filter((b) => typeof b !== 'object' || b === null || Array.isArray(b)).map(expectAs([400])),
      extra(unknownSession).map(expectAs([401])),
    ),
});
ENDPOINTS.fairness = sessionOnly(houseRoutes.fairness.path, (session) => fc.record({ session }));
ENDPOINTS.rotate = sessionOnly(houseRoutes.rotateSeed.path, (session) => fc.record({ session }));
ENDPOINTS.clientSeed = {
  path: houseRoutes.setClientSeed.path,
  cases: () =>
    oneOfCases(
      sessionOnly('', (session) =>
        fc.record({ session, clientSeed: fc.string({ minLength: 1, maxLength: 64 }) }),
      ).cases(),
      fc
        .record({
          session: fc.constant(slotSession),
          clientSeed: fc.oneof(
            fc.constantFrom('', 'x'.repeat(65), 'ção', '\n', null, 4),
            fc.string({ maxLength: 70 }).filter((s) => !/^[\x20-\x7e]{1,64}$/.test(s)),
          ),
        })
        .map(expectAs([400])),
    ),
};
ENDPOINTS.rounds = sessionOnly(houseRoutes.rounds.path, (session) =>
  fc.record({ session, cursor: fc.integer({ min: 1, max: 1000 }) }),
);
ENDPOINTS.roundsBadPage = {
  path: houseRoutes.rounds.path,
  cases: () =>
    fc
      .record({
        session: fc.constant(slotSession),
        cursor: badNumber,
        limit: fc.oneof(badNumber, fc.integer({ min: 51 })),
      })
      .map(expectAs([400])),
};
ENDPOINTS.round = {
  path: houseRoutes.round.path,
  cases: () =>
    oneOfCases(
      sessionOnly('', (session) => fc.record({ session, roundId: fc.constant('h-abc') })).cases(),
      fc
        .record({
          session: fc.constant(slotSession),
          roundId: fc.oneof(
            fc.constantFrom('', 'x'.repeat(65), 'a b', null),
            fc.string().filter((s) => !/^[A-Za-z0-9._:-]{1,64}$/.test(s)),
          ),
        })
        .map(expectAs([400])),
      // Well formed, nobody's round.
      fc
        .record({ session: fc.constant(slotSession), roundId: fc.stringMatching(/^h-[A-Za-z0-9_-]{40}$/) })
        .map(expectAs([404])),
    ),
};

describe('house game endpoints refuse bad input and write nothing', () => {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${name}: ${RUNS} generated bodies`, async () => {
      const before = await digest();
      const cases = fc.sample(endpoint.cases(), { numRuns: RUNS, seed: 20261125 });
      for (const c of cases) {
        const res = await t.client.call(endpoint.path, { body: c.body });
        const code = (res.body as { code?: string }).code;
        expect({ status: res.status, body: c.body, code }).toMatchObject({
          status: expect.toBeOneOf(c.status),
        });
        expect(code).toMatch(/^[a-z_]+$/);
      }
      expect(await digest()).toBe(before);
    }, 180_000);
  }
});
