/**
 * The house slot: "Fortuna Dourada" / "Golden Fortune", 5 reels × 3 rows, 20 fixed lines, wild, scatter with free spins.
 * Exact RTP 96.04% (slotRtp; bench/rtp.mjs prints it; docs/house-games.md has the tables).
 */
import type { SlotDefinition } from './slot.ts';

const strip = (text: string): string[] => text.split(' ');

/** 20 lines: the row (0 top, 1 middle, 2 bottom) each takes on reels 1-5. */
const LINES_20: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

const OUTER =
  'cherry plum lemon melon grape bell crown cherry plum lemon melon grape cherry wild bell plum seven lemon scatter cherry melon grape plum lemon crown cherry bell melon grape plum lemon cherry';
const INNER =
  'cherry plum lemon melon grape bell wild crown cherry scatter plum lemon melon grape cherry bell plum seven lemon cherry melon grape plum lemon wild crown cherry scatter bell melon grape plum lemon cherry';

export const HOUSE_SLOT: SlotDefinition = {
  code: 'HOUSE_SLOT',
  targetRtpBp: 9_600,
  reels: [strip(OUTER), strip(INNER), strip(INNER), strip(INNER), strip(OUTER)],
  lines: LINES_20,
  wild: 'wild',
  scatter: 'scatter',
  // Multiples of the bet per line for a run of 3, 4 and 5 from reel 1.
  paytable: {
    wild: [0, 0, 0, 100, 500, 2500],
    seven: [0, 0, 0, 60, 250, 1000],
    crown: [0, 0, 0, 30, 120, 500],
    bell: [0, 0, 0, 20, 60, 250],
    melon: [0, 0, 0, 15, 40, 150],
    grape: [0, 0, 0, 10, 35, 100],
    plum: [0, 0, 0, 8, 22, 80],
    lemon: [0, 0, 0, 6, 15, 60],
    cherry: [0, 0, 0, 5, 15, 50],
  },
  // Multiples of the total bet for 3, 4 and 5 scatters anywhere.
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: { trigger: 3, spins: 8, multiplier: 2 },
  minBetPerLine: 1,
  maxBetPerLine: 10_000,
};
