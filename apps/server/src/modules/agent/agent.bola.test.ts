/**
 * BOLA probes on every agent call that names a member, an account or an id (issue 24, Reliability and
 * security: "tests probe sibling, upline and unrelated ids and expect the same refusal as a missing
 * id"), agent-contracts.bola.test.ts's way. The caller `me` sits below `upline` (below `root`), beside
 * a `sibling` agent with a member of its own, above a downline agent `child` (with its member
 * `grandchild`) and a downline `member`; an `unrelated` agent heads a tree of its own. The members
 * outside the caller's tree include members a missing check would act on (a sibling's direct member
 * could be promoted by its own agent), and every member has bets and money, so a leak would show.
 *
 * For each call and each such id or account (as stored, upper-case, capitalised, padded) the answer is
 * byte-for-byte the missing one's, nothing changes (a digest of the tables), and the lists and their
 * keyset cursors (downline, team P&L, team bets, team transactions) never reach outside the team.
 * The back-office calls (/ops/agents...) name any member by design (operators see every tree): their
 * refusals are in agent.bad-input.test.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentRoutes,
  downlinePageSchema,
  loginValueSchema,
  MEMBER_TYPE,
  teamBetsPageSchema,
  teamPnlPageSchema,
  teamTransactionsPageSchema,
} from '@banca/contract';
import {
  FAST_PASSWORD,
  freshIp,
  freshUsername,
  insertAccounts,
  startAuthTestServer,
  type AuthTestServer,
} from '../../test/auth-client.ts';
import { moveMember } from '../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../wallet/index.ts';

let t: AuthTestServer;
const M = [
  'root',
  'upline',
  'me',
  'sibling',
  'siblingMember',
  'child',
  'grandchild',
  'member',
  'unrelated',
  'unrelatedMember',
] as const;
type Who = (typeof M)[number];
const MEMBERS: Who[] = ['siblingMember', 'grandchild', 'member', 'unrelatedMember'];
const id = {} as Record<Who, number>;
const account = {} as Record<Who, string>;
let token: string;
/** Outside the caller's tree, or the caller itself: every agent call answers them as missing. */
const OUTSIDE: Who[] = ['root', 'upline', 'me', 'sibling', 'siblingMember', 'unrelated', 'unrelatedMember'];
const TEAM: Who[] = ['child', 'grandchild', 'member'];
const MISSING_IDS = [2_000_000_001, 2_147_483_648, Number.MAX_SAFE_INTEGER];
const MISSING_ACCOUNT = 'nosuchacct1';
/** How a probe may spell an account: as stored, upper-case, capitalised, padded. */
const spellings = (name: string) => [
  name,
  name.toUpperCase(),
  name[0]!.toUpperCase() + name.slice(1),
  ` ${name} `,
];

const get = (route: { path: string }, query: Record<string, string>) =>
  t.client.call(`${route.path}?${new URLSearchParams(query).toString()}`, { method: 'GET', token });
const post = (route: { path: string }, body: unknown) =>
  t.client.call(route.path, { method: 'POST', token, body });

let seq = 0;
/** A settled round as the games module records it (the lists read bet_record). */
async function bet(memberId: number, stake: number, payout: number) {
  seq += 1;
  const now = new Date();
  await t.database.db
    .insertInto('bet_record')
    .values({
      vendor: 'SANDBOX',
      round_id: `bola-${seq}`,
      member_id: memberId,
      node_id: 'SANDBOX-slot',
      game_code: 'slot',
      game_type: 'RNG',
      currency: 'BRL',
      stake,
      payout,
      status: 'SETTLED',
      opened_at: now,
      settled_at: now,
      updated_at: now,
    })
    .execute();
}

/** A deposit and a transfer to the caller, as the wallet module books them. */
async function money(memberId: number, amount: number) {
  seq += 1;
  await t.database.db.transaction().execute(async (trx) => {
    const house = await houseAccount(trx, 'banca', 'PAYMENT_CLEARING', 'BRL');
    const wallet = await ensureMemberWallet(trx, memberId, 'banca', 'BRL');
    const mine = await ensureMemberWallet(trx, id.me, 'banca', 'BRL');
    await transfer(trx, {
      idempotencyKey: `bola-deposit:${seq}`,
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount,
      kind: 'DEPOSIT',
    });
    if (memberId !== id.me)
      await transfer(trx, {
        idempotencyKey: `bola-transfer:${seq}`,
        debitAccountId: wallet.id,
        creditAccountId: mine.id,
        amount: 100,
        kind: 'MEMBER_TRANSFER',
      });
  });
}

beforeAll(async () => {
  t = await startAuthTestServer();
  const ip = freshIp();
  for (const w of M) account[w] = freshUsername('agbola');
  const created = await insertAccounts(
    t.database.db,
    M.map((w) => ({
      account: account[w],
      type: MEMBERS.includes(w) ? MEMBER_TYPE.MEMBER : MEMBER_TYPE.AGENT,
      ...(w === 'me' ? { knownIps: [ip] } : {}),
    })),
  );
  M.forEach((w, i) => (id[w] = created[i]!));
  const links: [Who, Who][] = [
    ['upline', 'root'],
    ['me', 'upline'],
    ['sibling', 'upline'],
    ['siblingMember', 'sibling'],
    ['child', 'me'],
    ['grandchild', 'child'],
    ['member', 'me'],
    ['unrelatedMember', 'unrelated'],
  ];
  for (const [m, parent] of links) expect(await moveMember(t.database.db, id[m], id[parent])).toBe(true);
  token = loginValueSchema.parse(
    (await t.client.login(account.me, FAST_PASSWORD, {}, { ip })).body.value,
  ).token;
  for (const w of M) {
    await bet(id[w], 1_000, 500);
    await money(id[w], 10_000);
  }
}, 120_000);
afterAll(() => t?.close());

async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    select md5(
      coalesce((select string_agg(id || ':' || type || ':' || status || ':' || coalesce(parent_id, 0), '|'
        order by id) from member), '')
      || coalesce((select string_agg(ancestor_id || '>' || descendant_id, '|' order by 1, 2) from member_tree), '')
      || coalesce((select count(*)::text || ':' || coalesce(sum(amount), 0)::text from ledger_transfer), '')) as d`.execute(
    t.database.db,
  );
  return rows[0]!.d;
}

type Answer = { status: number; body: unknown };
/** Every probe answers exactly as the missing one, and nothing changes. */
async function sameAsMissing(missing: Answer, probes: [string, () => Promise<Answer>][]) {
  const before = await digest();
  expect(missing.status).toBe(404);
  expect((missing.body as { code?: string }).code).toBe('downline_not_found');
  for (const [label, send] of probes) {
    const res = await send();
    expect({ status: res.status, body: res.body }, label).toEqual({
      status: missing.status,
      body: missing.body,
    });
  }
  expect(await digest()).toBe(before);
}

describe('BOLA: a member outside the caller’s tree answers as a missing one', () => {
  it(`${agentRoutes.downlineMember.path} by memberId`, async () => {
    // The team answers (so the probes are refused for being outside, not for the call being broken).
    for (const w of TEAM)
      expect((await get(agentRoutes.downlineMember, { memberId: String(id[w]) })).status, w).toBe(200);
    const missing = await get(agentRoutes.downlineMember, { memberId: String(MISSING_IDS[0]) });
    await sameAsMissing(missing, [
      ...OUTSIDE.map((w): [string, () => Promise<Answer>] => [
        w,
        () => get(agentRoutes.downlineMember, { memberId: String(id[w]) }),
      ]),
      ...MISSING_IDS.map((m): [string, () => Promise<Answer>] => [
        String(m),
        () => get(agentRoutes.downlineMember, { memberId: String(m) }),
      ]),
    ]);
  });

  it(`${agentRoutes.downlineMember.path} by account`, async () => {
    for (const w of TEAM)
      for (const a of spellings(account[w]))
        expect((await get(agentRoutes.downlineMember, { account: a })).status, `${w} ${a}`).toBe(200);
    const missing = await get(agentRoutes.downlineMember, { account: MISSING_ACCOUNT });
    await sameAsMissing(
      missing,
      OUTSIDE.flatMap((w) =>
        spellings(account[w]).map((a): [string, () => Promise<Answer>] => [
          `${w} '${a}'`,
          () => get(agentRoutes.downlineMember, { account: a }),
        ]),
      ),
    );
  });

  for (const route of [agentRoutes.teamBets, agentRoutes.teamTransactions]) {
    it(`${route.path} by account`, async () => {
      for (const w of TEAM) expect((await get(route, { account: account[w] })).status, w).toBe(200);
      const missing = await get(route, { account: MISSING_ACCOUNT });
      await sameAsMissing(
        missing,
        OUTSIDE.flatMap((w) =>
          spellings(account[w]).map((a): [string, () => Promise<Answer>] => [
            `${w} '${a}'`,
            () => get(route, { account: a }),
          ]),
        ),
      );
    });
  }

  it(`${agentRoutes.promoteDownline.path}: anyone but a direct downline member, deeper members included`, async () => {
    const missing = await post(agentRoutes.promoteDownline, { memberId: MISSING_IDS[0] });
    await sameAsMissing(missing, [
      // The grandchild is in the team but not direct; the sibling's and the unrelated agent's members
      // are direct members of another agent: a missing check would promote them.
      ...[...OUTSIDE, 'grandchild' as const].map((w): [string, () => Promise<Answer>] => [
        w,
        () => post(agentRoutes.promoteDownline, { memberId: id[w] }),
      ]),
      ...MISSING_IDS.map((m): [string, () => Promise<Answer>] => [
        String(m),
        () => post(agentRoutes.promoteDownline, { memberId: m }),
      ]),
    ]);
    for (const w of MEMBERS) {
      const { type } = await t.database.db
        .selectFrom('member')
        .select('type')
        .where('id', '=', id[w])
        .executeTakeFirstOrThrow();
      expect(type, w).toBe(MEMBER_TYPE.MEMBER);
    }
  });
});

describe('BOLA: the lists and their cursors stay within the caller’s team', () => {
  const teamIds = () => new Set(TEAM.map((w) => id[w]));
  const directIds = () => new Set(['child', 'member'].map((w) => id[w as Who]));
  /** Cursors just past every member's id, and past everything. */
  const memberCursors = () => [...M.map((w) => String(id[w] + 1)), '2147483647', '9999999999999999'];

  it(`${agentRoutes.downline.path}: direct and team scope, from every cursor`, async () => {
    let seen = 0;
    for (const scope of ['direct', 'team'] as const) {
      const allowed = scope === 'direct' ? directIds() : teamIds();
      for (const cursor of [undefined, ...memberCursors()]) {
        const res = await get(agentRoutes.downline, {
          scope,
          limit: '100',
          ...(cursor ? { cursor } : {}),
        });
        expect(res.status).toBe(200);
        for (const row of downlinePageSchema.parse(res.body.value).items) {
          expect(allowed.has(row.memberId), `${scope} cursor ${cursor}: ${row.account}`).toBe(true);
          seen += 1;
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it(`${agentRoutes.teamPnl.path}: the direct downline only, from every cursor`, async () => {
    let seen = 0;
    for (const cursor of [undefined, ...memberCursors()]) {
      const res = await get(agentRoutes.teamPnl, {
        period: 'M',
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status).toBe(200);
      for (const row of teamPnlPageSchema.parse(res.body.value).items) {
        expect(directIds().has(row.memberId), `cursor ${cursor}: ${row.account}`).toBe(true);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it(`${agentRoutes.teamBets.path}: the team's rounds only, from every cursor`, async () => {
    const { rows } = await sql<{ id: string }>`select id::text as id from bet_record order by id`.execute(
      t.database.db,
    );
    const seen = new Set<number>();
    for (const cursor of [undefined, ...rows.map((r) => String(BigInt(r.id) + 1n)), '9999999999999999']) {
      const res = await get(agentRoutes.teamBets, { limit: '100', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      for (const row of teamBetsPageSchema.parse(res.body.value).items) {
        expect(teamIds().has(row.memberId), `cursor ${cursor}: ${row.account}`).toBe(true);
        seen.add(row.memberId);
      }
    }
    expect(seen).toEqual(teamIds());
  });

  it(`${agentRoutes.teamTransactions.path}: the team's money only, from every cursor`, async () => {
    const { rows } = await sql<{
      id: string;
    }>`select id::text as id from ledger_transfer order by id`.execute(t.database.db);
    const seen = new Set<number>();
    const cursors = [
      undefined,
      ...rows.flatMap((r) => [`${BigInt(r.id) + 1n}d`, `${BigInt(r.id) + 1n}c`, `${r.id}d`, `${r.id}c`]),
      '9999999999999999c',
    ];
    for (const cursor of cursors) {
      const res = await get(agentRoutes.teamTransactions, { limit: '100', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      for (const row of teamTransactionsPageSchema.parse(res.body.value).items) {
        expect(teamIds().has(row.memberId), `cursor ${cursor}: ${row.account}`).toBe(true);
        seen.add(row.memberId);
      }
    }
    expect(seen).toEqual(teamIds());
  });
});
