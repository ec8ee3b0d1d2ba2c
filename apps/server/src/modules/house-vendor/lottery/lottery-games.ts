import {
  assertSchedule,
  QUICK_5D,
  SEA_5D,
  VN_5D,
  type LotterySchedule,
  type LotteryTable,
} from '@banca/house-games';

/**
 * The house's lottery games: which vendor id (vassalage) and catalogue game each bet table serves,
 * and the schedule it runs on. The tables' schedules are the defaults; `LOTTERY_PERIOD_SECONDS`
 * overrides a game's period (e.g. `20` for every game, or `HOUSE_5D=20,SEA_5D=30`), so a test can
 * run draws every few seconds. Bets then close at the table's close or a quarter of the period,
 * whichever is shorter.
 */
export interface LotteryGame {
  vendor: string;
  /** The catalogue game (`<vendor>-<gameCode>`): what the debits name and the lgw calls take. */
  gameCode: string;
  table: LotteryTable;
  schedule: LotterySchedule;
  names: { PT: string; EN: string };
}

const BASE = [
  {
    vendor: 'LOTT',
    gameCode: 'QUICK5D',
    table: QUICK_5D,
    names: { PT: 'Loteria Rápida 5D', EN: 'Quick Lottery 5D' },
  },
  {
    vendor: 'TCG_LOTTO_VN',
    gameCode: 'VN5D',
    table: VN_5D,
    names: { PT: 'Loto Vietnã', EN: 'Vietnam Lotto' },
  },
  {
    vendor: 'TCG_SEA',
    gameCode: 'SEA5D',
    table: SEA_5D,
    names: { PT: 'Loto Sudeste Asiático', EN: 'Southeast Asia Lotto' },
  },
] as const;

/** Parses LOTTERY_PERIOD_SECONDS: `<seconds>` for all, or `<TABLE>=<seconds>,...`. */
export function parsePeriodOverrides(text: string | undefined): Map<string, number> | number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const overrides = new Map<string, number>();
  for (const part of text.split(',')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`LOTTERY_PERIOD_SECONDS: cannot read "${part}"`);
    overrides.set(match[1]!, Number(match[2]));
  }
  return overrides;
}

export function lotteryGames(periodSeconds?: Map<string, number> | number): readonly LotteryGame[] {
  return BASE.map((g) => {
    const seconds = typeof periodSeconds === 'number' ? periodSeconds : periodSeconds?.get(g.table.code);
    const schedule =
      seconds === undefined
        ? g.table.schedule
        : {
            ...g.table.schedule,
            periodSeconds: seconds,
            closeSeconds: Math.min(g.table.schedule.closeSeconds, Math.floor(seconds / 4)),
          };
    assertSchedule(schedule);
    return { vendor: g.vendor, gameCode: g.gameCode, table: g.table, schedule, names: g.names };
  });
}
