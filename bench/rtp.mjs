// RTP benchmark (issue 11): each house game's computed RTP beside the RTP it states.
// Run from the repository root: `npm run bench -- rtp` (or `node bench/rtp.mjs`).
//
// - slot: exact, by the package's combinatorial count over every reel-stop combination, against the
//   RTP the game is tuned to (target 96%);
// - dice: a simulation of BENCH_ROUNDS rounds (default 10,000,000), each a random bet (direction, and
//   a chance uniform over the allowed 1-98%) at a stake of 10,000.00 (so rounding down to the minor
//   unit is negligible), against 1 - house edge;
// - lottery: BENCH_ROUNDS draws per table (LOTT, VN, SEA); on every draw, one bet on each market, on a
//   selection taken in turn (draw i bets selection i mod k: independent of the draw, every selection
//   equally often), against the market's exact RTP (enumeration of the 100,000 draws).
// Simulations use the package's fast seeded PRNG (sfc32, fixed seeds), not the HMAC stream: HMAC-SHA256
// in pure JS costs ~20-30 µs a round here, minutes for 10 million. Both feed the same `uniformInt`, and
// the games' code is the same (playDice; drawDigits + selectionPayout, the core of settleBet).
// Last line: `max deviation <percentage points>` over all simulated and exact lines; goal 0.3 or less.
import './lib/one-line-failure.mjs';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const games = await import('../packages/house-games/src/index.ts');
const {
  HOUSE_SLOT,
  LOTTERY_TABLES,
  diceRtp,
  drawDigits,
  lotteryRtp,
  playDice,
  seededRandom,
  selectionPayout,
} = games;
const { playSlot, slotRtp, uniformInt, DEFAULT_DICE_RULES } = games;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const pct = (x) => `${(x * 100).toFixed(4)}%`;
const rows = [];
const report = (name, computed, stated, how) => {
  const deviation = Math.abs(computed - stated) * 100;
  rows.push(deviation);
  console.log(
    `${name.padEnd(44)} computed ${pct(computed).padStart(9)}  stated ${pct(stated).padStart(9)}  dev ${deviation.toFixed(3)} pp  (${how})`,
  );
};

// Slot: exact.
{
  const t0 = performance.now();
  const exact = slotRtp(HOUSE_SLOT);
  const ms = performance.now() - t0;
  report(
    `slot ${HOUSE_SLOT.code}`,
    exact.rtp,
    HOUSE_SLOT.targetRtpBp / 10_000,
    `exact over ${exact.combinations.toLocaleString('en')} stop combinations in ${ms.toFixed(0)} ms: ` +
      `lines ${pct(exact.lineRtp)}, scatter ${pct(exact.scatterRtp)}, free spins ${pct(exact.freeSpinsRtp)}`,
  );
}

// Slot, for information (not in the max deviation): a seeded simulation of the real game beside the
// exact figure, with its standard error (free spins make a spin's payout spread wide).
{
  const spins = Math.min(ROUNDS, 1_000_000);
  const random = seededRandom(96);
  const bet = { betPerLine: 1, lines: 20 };
  let sum = 0;
  let sumSq = 0;
  const t0 = performance.now();
  for (let i = 0; i < spins; i++) {
    const x = playSlot(HOUSE_SLOT, random, bet).totalPayout / 20;
    sum += x;
    sumSq += x * x;
  }
  const s = (performance.now() - t0) / 1000;
  const mean = sum / spins;
  const stderr = Math.sqrt((sumSq / spins - mean * mean) / spins);
  console.log(
    `${'slot simulated (information)'.padEnd(44)} computed ${pct(mean).padStart(9)}  ± ${(stderr * 100).toFixed(2)} pp (1 standard error)  ` +
      `(${spins.toLocaleString('en')} spins in ${s.toFixed(1)} s)`,
  );
}

// Dice: simulation.
{
  const random = seededRandom(20_261_123);
  const { minChanceCount, maxChanceCount } = DEFAULT_DICE_RULES;
  const span = maxChanceCount - minChanceCount + 1;
  const stake = 1_000_000;
  let paid = 0;
  let staked = 0;
  const t0 = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const chance = minChanceCount + uniformInt(random, span);
    const under = uniformInt(random, 2) === 0;
    const bet = { stake, direction: under ? 'under' : 'over', target: under ? chance : 9_999 - chance };
    paid += playDice(random, bet).payout;
    staked += stake;
  }
  const s = (performance.now() - t0) / 1000;
  report(
    'dice (random bet, chance 1-98%)',
    paid / staked,
    diceRtp(),
    `${ROUNDS.toLocaleString('en')} rounds in ${s.toFixed(1)} s`,
  );
}

// Lottery: simulation per table, one bet per market on every draw, the selections in turn.
for (const [index, table] of LOTTERY_TABLES.entries()) {
  const random = seededRandom(1_000 + index);
  const markets = table.markets;
  const paid = new Float64Array(markets.length);
  const stake = 10_000;
  const t0 = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const digits = drawDigits(random);
    for (let m = 0; m < markets.length; m++) {
      const selections = markets[m].selections;
      paid[m] += selectionPayout(selections[i % selections.length], stake, digits);
    }
  }
  const s = (performance.now() - t0) / 1000;
  const exact = lotteryRtp(table);
  console.log(
    `# ${table.code} (${table.vassalage}): ${ROUNDS.toLocaleString('en')} draws in ${s.toFixed(1)} s`,
  );
  markets.forEach((market, m) => {
    report(
      `  ${table.code} ${market.code}`,
      paid[m] / (stake * ROUNDS),
      exact[m].rtp,
      `${market.selections.length} selections`,
    );
  });
}

console.log(`max deviation ${Math.max(...rows).toFixed(3)}`);
