import { sql } from 'kysely';
import type { DbOrTrx } from '../../../database.ts';
import type { BetRecordRow } from '../vendor-wallet/vendor-wallet.table.ts';

/*
 * The bet record: one row per (vendor, round), written only by the vendor wallet service in the
 * transaction of the ledger transfer it follows, so stake and payout always equal the round's money.
 * Every write is a single statement that also checks the round is OPEN and the player's, so two calls
 * on one round serialise on its row.
 */

export type RoundRow = BetRecordRow & { inserted?: boolean };

/** Adds a stake to an OPEN round of this member, opening it at its first debit; undefined when the
 *  round exists but is closed or another member's. */
export async function addStake(
  trx: DbOrTrx,
  r: {
    vendor: string;
    roundId: string;
    memberId: number;
    nodeId: string;
    gameCode: string;
    gameType: string;
    currency: string;
    amount: number;
    now: Date;
  },
): Promise<RoundRow | undefined> {
  const row = await trx
    .insertInto('bet_record')
    .values({
      vendor: r.vendor,
      round_id: r.roundId,
      member_id: r.memberId,
      node_id: r.nodeId,
      game_code: r.gameCode,
      game_type: r.gameType,
      currency: r.currency,
      stake: r.amount,
      opened_at: r.now,
      updated_at: r.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['vendor', 'round_id'])
        .doUpdateSet((eb) => ({
          stake: sql<number>`${eb.ref('bet_record.stake')} + ${eb.ref('excluded.stake')}`,
          updated_at: r.now,
        }))
        .where('bet_record.status', '=', 'OPEN')
        .where('bet_record.member_id', '=', r.memberId),
    )
    .returningAll()
    // xmax = 0 only on a row this statement inserted: the round's first debit.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirst();
  return row;
}

/** Adds a payout to an OPEN round of this member, settling it when `close`. */
export const addPayout = (
  trx: DbOrTrx,
  r: { vendor: string; roundId: string; memberId: number; amount: number; close: boolean; now: Date },
): Promise<BetRecordRow | undefined> =>
  trx
    .updateTable('bet_record')
    .set((eb) => ({
      payout: sql<number>`${eb.ref('payout')} + ${r.amount}`,
      updated_at: r.now,
      ...(r.close ? { status: 'SETTLED' as const, settled_at: r.now } : {}),
    }))
    .where('vendor', '=', r.vendor)
    .where('round_id', '=', r.roundId)
    .where('member_id', '=', r.memberId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();

/** Settles an OPEN round of this member (end-round). */
export const closeRound = (
  trx: DbOrTrx,
  r: { vendor: string; roundId: string; memberId: number; now: Date },
): Promise<BetRecordRow | undefined> =>
  trx
    .updateTable('bet_record')
    .set({ status: 'SETTLED', settled_at: r.now, updated_at: r.now })
    .where('vendor', '=', r.vendor)
    .where('round_id', '=', r.roundId)
    .where('member_id', '=', r.memberId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();

/** Takes a refunded stake off an OPEN round; a round left with no stake and no payout is CANCELLED. */
export const refundStake = (
  trx: DbOrTrx,
  r: { vendor: string; roundId: string; amount: number; now: Date },
): Promise<BetRecordRow | undefined> =>
  trx
    .updateTable('bet_record')
    .set((eb) => ({
      stake: sql<number>`${eb.ref('stake')} - ${r.amount}`,
      status: sql<
        'OPEN' | 'CANCELLED'
      >`case when ${eb.ref('stake')} - ${r.amount} = 0 and ${eb.ref('payout')} = 0 then 'CANCELLED' else 'OPEN' end`,
      settled_at: sql<Date | null>`case when ${eb.ref('stake')} - ${r.amount} = 0 and ${eb.ref('payout')} = 0 then ${r.now}::timestamptz else null end`,
      updated_at: r.now,
    }))
    .where('vendor', '=', r.vendor)
    .where('round_id', '=', r.roundId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();

export const findRound = (db: DbOrTrx, vendor: string, roundId: string): Promise<BetRecordRow | undefined> =>
  db
    .selectFrom('bet_record')
    .selectAll()
    .where('vendor', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
