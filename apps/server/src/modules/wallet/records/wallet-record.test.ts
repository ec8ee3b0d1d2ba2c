import fc from 'fast-check';
import {
  authRoutes,
  recordPageSchema,
  WALLET_RECORDS_CSV_PATH,
  walletRoutes,
  type RecordEntry,
} from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, freshIp } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import { TEST_DATABASE_URL } from '../../../test/test-db.ts';
import type { HouseAccountKind, TransferKind } from '../ledger/ledger.table.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { freshKey, newMember } from '../ledger/ledger.testing.ts';
import { csvField, listRecord, minorToDecimal } from './wallet-record.service.ts';

let t: OpsTestServer;
beforeAll(async () => {
  t = await startOpsTestServer();
});
afterAll(() => t?.close());

const MERCHANT = 'banca';
const db = () => t.database.db;

/** One movement of a member's BRL wallet against a house account: + credits the member. */
async function move(memberId: number, amount: number, kind: TransferKind, reference: string | null = null) {
  const wallet = await ensureMemberWallet(db(), memberId, MERCHANT, 'BRL');
  const houseKind: HouseAccountKind = kind === 'ADJUSTMENT' ? 'ADJUSTMENTS' : 'PAYMENT_CLEARING';
  const house = await houseAccount(db(), MERCHANT, houseKind, 'BRL');
  return transfer(db(), {
    idempotencyKey: freshKey('rec'),
    debitAccountId: amount > 0 ? house.id : wallet.id,
    creditAccountId: amount > 0 ? wallet.id : house.id,
    amount: Math.abs(amount),
    kind,
    reference,
  });
}

async function allPages(
  memberId: number,
  query: Record<string, unknown>,
  limit: number,
): Promise<RecordEntry[]> {
  const out: RecordEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listRecord(db(), memberId, { limit, ...query, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    if (page.nextCursor === null) return out;
    cursor = page.nextCursor;
  }
}

const balanceOf = async (memberId: number) =>
  (await ensureMemberWallet(db(), memberId, MERCHANT, 'BRL')).balance;

describe('account record', () => {
  it('replays to the balance: signed amounts sum to it and each balance-after follows the one before', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amount: fc.integer({ min: -50_000, max: 50_000 }).filter((a) => a !== 0),
            kind: fc.constantFrom<TransferKind>('DEPOSIT', 'ADJUSTMENT', 'WITHDRAWAL_HOLD'),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 7 }),
        async (moves, pageSize) => {
          const memberId = await newMember(db(), MERCHANT);
          for (const m of moves) {
            // A debit beyond the balance is refused by the ledger and writes nothing: skip it.
            await move(memberId, m.amount, m.kind).catch((err: { code?: string }) => {
              if (err.code !== 'insufficient_funds') throw err;
            });
          }
          const entries = await allPages(memberId, {}, pageSize);
          const balance = await balanceOf(memberId);
          expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance);
          // Newest first: walk oldest to newest.
          const chronological = [...entries].reverse();
          let running = 0;
          for (const e of chronological) {
            running += e.amount;
            expect(e.balanceAfter).toBe(running);
          }
          expect(chronological.at(-1)?.balanceAfter ?? 0).toBe(balance);
          // Pages are the one list cut in pieces: no gaps, no repeats.
          const whole = await listRecord(db(), memberId, { limit: 100 });
          expect(entries.map((e) => e.id)).toEqual(whole.items.map((e) => e.id));
          expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('filters by type and by date range', async () => {
    const memberId = await newMember(db(), MERCHANT);
    await move(memberId, 1_000, 'DEPOSIT');
    await move(memberId, 500, 'ADJUSTMENT');
    await move(memberId, -200, 'WITHDRAWAL_HOLD');
    const deposits = await listRecord(db(), memberId, { limit: 20, type: 'DEPOSIT' });
    expect(deposits.items.map((e) => [e.type, e.amount])).toEqual([['DEPOSIT', 1_000]]);
    const two = await listRecord(db(), memberId, { limit: 20, type: 'DEPOSIT,WITHDRAWAL_HOLD' });
    expect(two.items.map((e) => e.amount)).toEqual([-200, 1_000]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await listRecord(db(), memberId, { limit: 20, from: future })).items).toEqual([]);
    expect((await listRecord(db(), memberId, { limit: 20, to: past })).items).toEqual([]);
    expect((await listRecord(db(), memberId, { limit: 20, from: past, to: future })).items).toHaveLength(3);
  });

  it('pages without gaps or repeats while new movements arrive', async () => {
    const memberId = await newMember(db(), MERCHANT);
    for (let i = 0; i < 30; i++) await move(memberId, 100 + i, 'DEPOSIT');
    const first = await listRecord(db(), memberId, { limit: 7 });
    const seen = [...first.items];
    let cursor = first.nextCursor;
    let extra = 0;
    while (cursor) {
      // Movements that land meanwhile are newer than every page already read.
      await move(memberId, 1, 'ADJUSTMENT');
      extra++;
      const page = await listRecord(db(), memberId, { limit: 7, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen.map((e) => e.amount)).toEqual(Array.from({ length: 30 }, (_, i) => 129 - i));
    expect((await listRecord(db(), memberId, { limit: 100 })).items).toHaveLength(30 + extra);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'pages without gaps or repeats under truly concurrent writers (PostgreSQL)',
    async () => {
      const memberId = await newMember(db(), MERCHANT);
      await move(memberId, 1_000_000, 'DEPOSIT');
      let stop = false;
      const writers = Array.from({ length: 4 }, async () => {
        while (!stop) await move(memberId, -1, 'WITHDRAWAL_HOLD');
      });
      // Wait for some history, then page through it while the writers go on.
      while ((await listRecord(db(), memberId, { limit: 100 })).items.length < 40)
        await new Promise((r) => setTimeout(r, 5));
      const first = await listRecord(db(), memberId, { limit: 5 });
      const seen = [...first.items];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await listRecord(db(), memberId, { limit: 5, cursor });
        seen.push(...page.items);
        cursor = page.nextCursor;
      }
      stop = true;
      await Promise.all(writers);
      const newestSeen = seen[0]!.transferId;
      const all = await allPages(memberId, {}, 100);
      const expected = all.filter((e) => e.transferId <= newestSeen).map((e) => e.id);
      expect(seen.map((e) => e.id)).toEqual(expected);
    },
  );
});

describe('CSV', () => {
  it('escapes separators, quotes, line breaks and formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-12)).toBe('-12');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-x')).toBe("'-x");
    expect(csvField(null)).toBe('');
    expect(minorToDecimal(-1234)).toBe('-12.34');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(100_000)).toBe('1000.00');
  });

  it('downloads the filtered record with a BOM and headers in the viewer language', async () => {
    const m = await t.member();
    await move(m.memberId, 2_500, 'DEPOSIT', 'pix:"abc",=1+1');
    await move(m.memberId, -500, 'WITHDRAWAL_HOLD', 'wd:1');
    const get = (query: string, lang?: 'PT' | 'EN') =>
      fetch(`${t.server.url}${WALLET_RECORDS_CSV_PATH}${query}`, {
        headers: {
          authorization: `Bearer ${m.token}`,
          ...(lang ? { language: lang } : {}),
          'x-forwarded-for': freshIp(),
        },
      });
    const pt = await get('');
    expect(pt.status).toBe(200);
    expect(pt.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(pt.headers.get('content-disposition')).toMatch(/^attachment; filename="account-record-/);
    const bytes = new Uint8Array(await pt.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Data/hora (UTC),Tipo,Valor,Moeda,Saldo após,Referência,ID');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,WITHDRAWAL_HOLD,-5\.00,BRL,20\.00,wd:1,\d+d$/);
    expect(lines[2]).toMatch(/,DEPOSIT,25\.00,BRL,25\.00,"pix:""abc"",=1\+1",\d+c$/);
    expect(lines[3]).toBe('');

    const en = await (await get('?type=DEPOSIT&lang=EN')).text();
    const enLines = en.replace(/^\uFEFF/, '').split('\r\n');
    expect(enLines[0]).toBe('Time (UTC),Type,Amount,Currency,Balance after,Reference,ID');
    expect(enLines.slice(1, -1)).toHaveLength(1);
  });
});

describe('HTTP', () => {
  it('answers the record to a real member, and refuses trial accounts', async () => {
    const m = await t.member();
    await move(m.memberId, 700, 'DEPOSIT', 'first');
    const res = await t.client.call(`${walletRoutes.records.path}?limit=5`, { token: m.token });
    expect(res.status).toBe(200);
    expect(recordPageSchema.parse(res.body.value).items).toEqual([
      expect.objectContaining({
        type: 'DEPOSIT',
        amount: 700,
        balanceAfter: 700,
        reference: 'first',
        currency: 'BRL',
      }),
    ]);

    const trial = await t.client.call(authRoutes.freePlay.path, {
      body: { os: 'linux', platform: 'W' },
      ip: freshIp(),
    });
    const trialToken = trial.body.value.token as string;
    expectFailure(
      await t.client.call(walletRoutes.records.path, { token: trialToken }),
      403,
      'in_need_true_account',
    );
    const csv = await fetch(`${t.server.url}${WALLET_RECORDS_CSV_PATH}`, {
      headers: { authorization: `Bearer ${trialToken}` },
    });
    expect(csv.status).toBe(403);
    expect(((await csv.json()) as { code: string }).code).toBe('in_need_true_account');
    const anon = await fetch(`${t.server.url}${WALLET_RECORDS_CSV_PATH}`);
    expect(anon.status).toBe(401);
  });
});
