import { PLAY_MONEY_CURRENCY } from '@banca/contract';
import type { Database, Db, DbOrTrx } from '../../database.ts';
import { defineConsumer, on, onBatch, type Consumer } from '../../platform/events/event-catalogue.ts';
import { roundSettled } from '../games/index.ts';
import { memberRegistered, uplinesOf } from '../member/index.ts';
import {
  createWalletSettings,
  walletBonusCredited,
  walletDepositCredited,
  walletWithdrawalPaid,
} from '../wallet/index.ts';
import { merchantDay, merchantHour, shardOf } from './reports.days.ts';
import {
  applyBonus,
  applyDeposit,
  applyRegistration,
  applyRounds,
  applyWithdrawal,
  type RoundFact,
} from './reports.repository.ts';

const ZONE_CACHE_MS = 1000;
/**
 * Events per claimed cursor and transaction for this consumer (the dispatcher's default is 20): a run
 * of settled rounds costs one statement, so a larger batch is what lets the rollups keep up with the
 * vendor path at its maximum rate without more passes.
 */
const ROLLUP_BATCH = 200;

export interface ReportsConsumerDeps {
  db: Db;
  merchantCode: string;
}

/** Source names of report_fact: what a fact's ref names. */
export const FACT = {
  round: (roundId: string) => roundId,
  deposit: (depositId: number) => String(depositId),
  withdrawal: (withdrawalId: number) => String(withdrawalId),
  bonus: (transferId: number) => String(transferId),
  registration: (memberId: number) => String(memberId),
} as const;

/**
 * The reports' one consumer (`reports.rollups`): every settled round, credited deposit, paid
 * withdrawal, credited bonus and registration lands in the rollups through one statement, in the
 * dispatcher's transaction (so it commits with the cursor move: once per event), and the fact row in
 * that statement makes a second delivery, or an event the rebuild already counted, add nothing. Play
 * money (XPL, trial accounts) is never counted. Days are cut in the merchant's time zone as the
 * wallet settings give it when the event is handled (cached a second); after a change of zone,
 * `npm run reports:rebuild` recuts the past.
 */
export function reportsConsumer(deps: ReportsConsumerDeps): Consumer<Database> {
  // Read through the handler's transaction (PGlite has one session: the root db would wait for the
  // dispatcher's own transaction), at most once a second, like the wallet's settings cache.
  let cached: { at: number; zone: string } | undefined;
  const zoneIn = async (trx: DbOrTrx): Promise<string> => {
    const now = Date.now();
    if (!cached || now - cached.at >= ZONE_CACHE_MS) {
      cached = { at: now, zone: (await createWalletSettings(trx).get(deps.merchantCode)).timeZone };
    }
    return cached.zone;
  };
  // A member's uplines, read through the handler's transaction: the team rollups add to each one. One
  // indexed read per event, or per run of settled rounds (the tree changes on registration and on an
  // operator's move, both rare, but a cache would count a moved member's next rounds for its old
  // uplines).
  const uplinesIn = async (trx: DbOrTrx, memberId: number): Promise<number[]> =>
    (await uplinesOf(trx, [memberId])).get(memberId) ?? [];
  return defineConsumer<Database>(
    'reports.rollups',
    [
      onBatch(roundSettled, async (events, trx) => {
        const real = events.map((e) => e.payload).filter((p) => p.currency !== PLAY_MONEY_CURRENCY);
        if (real.length === 0) return;
        const zone = await zoneIn(trx);
        // One read of the uplines for the whole run.
        const uplines = await uplinesOf(trx, [...new Set(real.map((p) => p.memberId))]);
        const rounds = real.map((p): RoundFact => ({
          uplines: uplines.get(p.memberId) ?? [],
          ref: FACT.round(p.roundId),
          currency: p.currency,
          day: merchantDay(p.settledAt, zone),
          hour: merchantHour(p.settledAt, zone),
          shard: shardOf(p.memberId),
          memberId: p.memberId,
          // roundId is `<vendor>:<vendor's round id>`; vendor codes hold no colon.
          vendor: p.roundId.slice(0, p.roundId.indexOf(':')),
          gameType: p.gameType,
          stake: p.stake,
          payout: p.payout,
        }));
        await applyRounds(trx, rounds);
      }),
      on(walletDepositCredited, async (event, trx) => {
        const p = event.payload;
        if (p.currency === PLAY_MONEY_CURRENCY) return;
        await applyDeposit(trx, {
          uplines: await uplinesIn(trx, p.memberId),
          ref: FACT.deposit(p.depositId),
          currency: p.currency,
          day: merchantDay(p.at, await zoneIn(trx)),
          shard: shardOf(p.memberId),
          memberId: p.memberId,
          amount: p.amount,
          first: p.first,
        });
      }),
      on(walletWithdrawalPaid, async (event, trx) => {
        const p = event.payload;
        if (p.currency === PLAY_MONEY_CURRENCY) return;
        await applyWithdrawal(trx, {
          uplines: await uplinesIn(trx, p.memberId),
          ref: FACT.withdrawal(p.withdrawalId),
          currency: p.currency,
          day: merchantDay(p.at, await zoneIn(trx)),
          shard: shardOf(p.memberId),
          memberId: p.memberId,
          amount: p.amount,
        });
      }),
      on(walletBonusCredited, async (event, trx) => {
        const p = event.payload;
        if (p.currency === PLAY_MONEY_CURRENCY) return;
        await applyBonus(trx, {
          uplines: await uplinesIn(trx, p.memberId),
          ref: FACT.bonus(p.transferId),
          currency: p.currency,
          day: merchantDay(p.at, await zoneIn(trx)),
          shard: shardOf(p.memberId),
          memberId: p.memberId,
          amount: p.amount,
        });
      }),
      on(memberRegistered, async (event, trx) => {
        const p = event.payload;
        if (p.merchantCode !== deps.merchantCode) return;
        // Recorded in the registration's transaction: recordedAt is the member row's created_at.
        await applyRegistration(trx, {
          ref: FACT.registration(p.memberId),
          day: merchantDay(event.recordedAt, await zoneIn(trx)),
          shard: shardOf(p.memberId),
        });
      }),
    ],
    { batchSize: ROLLUP_BATCH },
  );
}
