import { depositRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';

/**
 * The finance desk's deposit list (issue 23 item 5): flags computed on the server from what was
 * recorded (late: paid or credited after the charge expired; mismatched: the paid amount is not the
 * ordered one), filters by flag, channel, amount and dates, newest first with a keyset `next`.
 */
let t: OpsTestServer;
let finance: string;
let support: string;
let memberId: number;
const ids: Record<string, number> = {};
const T0 = new Date('2026-03-01T12:00:00Z').getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

beforeAll(async () => {
  t = await startOpsTestServer();
  const [f, s] = await Promise.all([t.operator('finance'), t.operator('support')]);
  finance = f.token;
  support = s.token;
  memberId = (await t.member()).memberId;
  const { merchant_code } = await t.database.db
    .selectFrom('member')
    .select('merchant_code')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  // Recorded as the deposit service records them: ordered amount, expiry, and what the provider paid.
  const rows = {
    onTime: { amount: 10_000, paid: 10_000, paidAt: 5, creditedAt: 5, status: 'paid' },
    latePaid: { amount: 20_000, paid: 20_000, paidAt: 45, creditedAt: 45, status: 'paid' },
    lateCredited: { amount: 30_000, paid: 30_000, paidAt: 25, creditedAt: 50, status: 'paid' },
    mismatched: { amount: 40_000, paid: 39_000, paidAt: 10, creditedAt: 10, status: 'paid' },
    both: { amount: 50_000, paid: 55_000, paidAt: 40, creditedAt: 40, status: 'paid' },
    pending: { amount: 60_000, paid: null, paidAt: null, creditedAt: null, status: 'pending' },
  } as const;
  let i = 0;
  for (const [name, r] of Object.entries(rows)) {
    const row = await t.database.db
      .insertInto('deposit')
      .values({
        merchant_code,
        member_id: memberId,
        channel: 'PIX',
        amount: r.amount,
        currency: 'BRL',
        status: r.status,
        client_key: `flags-${name}-${process.pid}`,
        charge_id: `F${process.pid}X${++i}`,
        provider: 'SANDBOX',
        provider_ref: `ref-${name}-${process.pid}`,
        pix_copy_paste: 'x',
        expires_at: at(30),
        paid_amount: r.paid,
        paid_at: r.paidAt === null ? null : at(r.paidAt),
        credited_at: r.creditedAt === null ? null : at(r.creditedAt),
        created_at: at(i),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }
});
afterAll(() => t?.close());

const list = async (query: string, token = finance) => {
  const res = await t.ops(`${depositRoutes.opsList.path}?memberId=${memberId}&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value as {
    deposits: { depositId: number; late: boolean; mismatched: boolean }[];
    next: number | null;
  };
};
const idsOf = (v: { deposits: { depositId: number }[] }) => v.deposits.map((d) => d.depositId);

describe('GET /ops/wallet/deposits flags and filters', () => {
  it('computes late and mismatched from what was recorded', async () => {
    const all = await list('limit=50');
    const flags = Object.fromEntries(all.deposits.map((d) => [d.depositId, [d.late, d.mismatched]]));
    expect(flags).toEqual({
      [ids.onTime!]: [false, false],
      [ids.latePaid!]: [true, false],
      [ids.lateCredited!]: [true, false],
      [ids.mismatched!]: [false, true],
      [ids.both!]: [true, true],
      [ids.pending!]: [false, false],
    });
    expect(all.next).toBeNull();
  });

  it('filters by flag, status, channel, amount range and dates', async () => {
    expect(idsOf(await list('flag=late')).sort()).toEqual([ids.latePaid, ids.lateCredited, ids.both].sort());
    expect(idsOf(await list('flag=mismatched')).sort()).toEqual([ids.mismatched, ids.both].sort());
    expect(idsOf(await list('flag=any')).length).toBe(4);
    expect(idsOf(await list('status=pending'))).toEqual([ids.pending]);
    expect(idsOf(await list('channel=PIX')).length).toBe(6);
    expect(idsOf(await list('minAmount=20000&maxAmount=40000')).sort()).toEqual(
      [ids.latePaid, ids.lateCredited, ids.mismatched].sort(),
    );
    const from = encodeURIComponent(at(2).toISOString());
    const to = encodeURIComponent(at(4).toISOString());
    expect(idsOf(await list(`from=${from}&to=${to}`)).sort()).toEqual(
      [ids.latePaid, ids.lateCredited].sort(),
    );
  });

  it('pages newest first with a keyset next', async () => {
    const first = await list('limit=4');
    expect(idsOf(first)).toEqual([ids.pending, ids.both, ids.mismatched, ids.lateCredited]);
    expect(first.next).toBe(ids.lateCredited);
    const second = await list(`limit=4&before=${first.next}`);
    expect(idsOf(second)).toEqual([ids.latePaid, ids.onTime]);
    expect(second.next).toBeNull();
  });

  it('refuses bad filters with a code and a support operator with 403', async () => {
    for (const q of ['flag=soon', 'channel=TED', 'minAmount=-1', 'maxAmount=1.5', 'from=yesterday']) {
      expectFailure(
        await t.ops(`${depositRoutes.opsList.path}?${q}`, { token: finance }),
        400,
        'invalid_input',
      );
    }
    expect((await t.ops(depositRoutes.opsList.path, { token: support })).status).toBe(403);
  });
});
