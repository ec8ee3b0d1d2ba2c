import {
  drawLottery,
  hashServerSeed,
  newServerSeed,
  nextPeriods,
  periodAt,
  type LotteryPeriod,
} from '@banca/house-games';
import type { LotteryPeriodView, OpenedPeriod } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { LotteryGame } from './lottery-games.ts';
import {
  findPeriod,
  insertPeriodsIfAbsent,
  listDrawn,
  listPeriodsFrom,
  listUndrawnDue,
  recordDraw,
  type PeriodRow,
} from './lottery.repository.ts';

/** How many coming periods have their seed committed (hash published) ahead of opening. */
export const COMMITTED_AHEAD = 3;

/**
 * Writes the running period and the next COMMITTED_AHEAD ones with a fresh seed each, unless they
 * exist: on every node, any number of times (the primary key keeps the first seed; a seed, once its
 * hash may have been shown, never changes).
 */
export async function ensurePeriods(db: DbOrTrx, game: LotteryGame, now: Date): Promise<void> {
  const periods = nextPeriods(game.schedule, now.getTime(), COMMITTED_AHEAD + 1);
  await insertPeriodsIfAbsent(
    db,
    periods.map((p) => {
      const seed = newServerSeed();
      return {
        game_code: game.table.code,
        period_id: p.periodId,
        opens_at: new Date(p.opensAt),
        closes_at: new Date(p.closesAt),
        draw_at: new Date(p.drawAt),
        seed_hash: hashServerSeed(seed),
        server_seed: seed,
      };
    }),
  );
}

export async function periodRow(
  db: DbOrTrx,
  game: LotteryGame,
  periodId: string,
): Promise<PeriodRow | undefined> {
  return findPeriod(db, game.table.code, periodId);
}

/** The running period (written first if need be) and the committed coming ones. */
export async function currentPeriods(
  db: DbOrTrx,
  game: LotteryGame,
  now: Date,
): Promise<{ current: PeriodRow; next: PeriodRow[] }> {
  await ensurePeriods(db, game, now);
  const running: LotteryPeriod = periodAt(game.schedule, now.getTime());
  const rows = await listPeriodsFrom(db, game.table.code, new Date(running.drawAt), COMMITTED_AHEAD + 1);
  const [current, ...next] = rows;
  if (!current) throw new Error(`no period row for ${game.table.code} at ${now.toISOString()}`);
  return { current, next };
}

/**
 * Draws every due period of the game, each exactly once: the digits are a pure function of the seed
 * committed before the period opened, and the update only writes a period whose digits are still
 * null; so two nodes drawing at once write one result (the same one), and only the node whose update
 * matched counts it. Answers how many this call drew.
 */
export async function drawDuePeriods(db: DbOrTrx, game: LotteryGame, now: Date): Promise<number> {
  const due = await listUndrawnDue(db, game.table.code, now, 100);
  let drawn = 0;
  for (const period of due) {
    const digits = drawLottery(period.server_seed, game.table.code, period.period_id);
    if (await recordDraw(db, game.table.code, period.period_id, digits, now)) drawn += 1;
  }
  return drawn;
}

export async function recentDrawn(db: DbOrTrx, game: LotteryGame, limit: number): Promise<PeriodRow[]> {
  return listDrawn(db, game.table.code, limit);
}

export const periodView = (row: PeriodRow): LotteryPeriodView => ({
  periodId: row.period_id,
  opensAt: new Date(row.opens_at).toISOString(),
  closesAt: new Date(row.closes_at).toISOString(),
  drawAt: new Date(row.draw_at).toISOString(),
  seedHash: row.seed_hash,
});

/** A drawn period with its seed revealed (never for a period not drawn yet). */
export const openedView = (row: PeriodRow): OpenedPeriod => {
  if (row.digits === null) throw new Error(`period ${row.period_id} is not drawn`);
  return {
    periodId: row.period_id,
    drawAt: new Date(row.draw_at).toISOString(),
    digits: row.digits,
    seedHash: row.seed_hash,
    serverSeed: row.server_seed,
  };
};
