/**
 * The contracts' round consumer (`agent-contracts.rounds`) and the reports' team hour rollups on
 * synthetic settled rounds through the real dispatcher: lottery rounds of members with an upline land
 * under the member and each upline once however often they arrive; other products, play money and
 * members without an upline are ignored; the hour rollups cut hours in the merchant's zone.
 */
import { MEMBER_TYPE } from '@banca/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { freshUsername, insertAccounts } from '../../test/auth-client.ts';
import { startApp, type RunningApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { roundSettled } from '../games/index.ts';
import { moveMember } from '../member/index.ts';
import { teamHourMembers } from '../reports/index.ts';
import { createWalletSettings } from '../wallet/index.ts';

let database: TestDatabase;
let server: RunningApp;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await createWalletSettings(db()).update(db(), 'banca', { timeZone: 'Asia/Kolkata' });
  server = await startApp(db(), {}, { socket: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

let nextId = 1;
const round = (memberId: number, gameType: string, settledAt: string, currency = 'BRL') => ({
  roundId: `SANDBOX:c${nextId++}`,
  memberId,
  account: `m${memberId}`,
  nodeId: 'SANDBOX-x',
  gameType,
  currency,
  stake: 1_000,
  payout: 400,
  settledAt,
});

async function member(parentId: number | null, type: number = MEMBER_TYPE.MEMBER): Promise<number> {
  const [id] = await insertAccounts(db(), [{ account: freshUsername('cc'), type }]);
  if (parentId !== null) expect(await moveMember(db(), id!, parentId)).toBe(true);
  return id!;
}

describe('agent-contracts.rounds', () => {
  it('keeps lottery rounds of members with an upline, under the member and each upline, once', async () => {
    const top = await member(null, MEMBER_TYPE.AGENT);
    const sub = await member(top, MEMBER_TYPE.AGENT);
    const player = await member(sub);
    const alone = await member(null);
    const lott = round(player, 'LOTT', '2026-03-10T10:29:59.999Z');
    const events = [
      lott,
      lott,
      round(player, 'ELOTT', '2026-03-10T10:30:00.000Z'),
      round(player, 'LIVE', '2026-03-10T10:31:00.000Z'),
      round(player, 'LOTT', '2026-03-10T10:32:00.000Z', 'XPL'),
      round(alone, 'LOTT', '2026-03-10T10:33:00.000Z'),
    ];
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const e of events) await recordEvent(trx, roundSettled, e, { key: e.memberId });
      });
    await server.app.events.drain();
    const rows = (
      await sql<{ agent_id: number; ref: string; product: string }>`select agent_id, ref, product
        from agent_contract_round where member_id in (${player}, ${alone}) order by ref, agent_id`.execute(
        db(),
      )
    ).rows;
    const expected = (ref: string, product: string) =>
      [player, sub, top].sort((a, b) => a - b).map((agent_id) => ({ agent_id, ref, product }));
    expect(rows).toEqual([...expected(lott.roundId, 'LOTT'), ...expected(events[2]!.roundId, 'ELOTT')]);

    // The hour rollups (Kolkata: hours begin at :30 UTC): 10:29:59.999Z is in the 09:30Z hour.
    const hours = { from: new Date('2026-03-10T09:30:00Z'), to: new Date('2026-03-10T11:30:00Z') };
    const perHour = await teamHourMembers(db(), sub, hours, 'BRL', null, 'hour');
    expect(perHour.map((r) => [r.hour, r.memberId, r.rounds])).toEqual([
      ['2026-03-10T09:30:00.000Z', player, 1],
      ['2026-03-10T10:30:00.000Z', player, 2],
    ]);
    expect((await teamHourMembers(db(), top, hours, 'BRL', ['LOTT', 'ELOTT'])).map((r) => r.rounds)).toEqual([
      2,
    ]);
    expect(await teamHourMembers(db(), top, hours, 'BRL', ['RNG'])).toEqual([]);
  });
});
