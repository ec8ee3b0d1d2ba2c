/**
 * @banca/house-games: the house vendor's games as pure functions (no I/O, no Node-only APIs), shared by
 * the gateway and the browser's verify view. Money is integer minor units; payouts round down.
 * Rules, odds, RTP and the fairness derivation: docs/house-games.md.
 */
export { HouseGameError } from './errors.ts';
export { seededRandom, uniformFloat, uniformInt, type RandomSource } from './random.ts';
export {
  assertFairnessInput,
  drawRandom,
  fairRandom,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  type FairnessInput,
} from './fairness.ts';
export {
  DEFAULT_DICE_RULES,
  DICE_OUTCOMES,
  diceRtp,
  diceRtpExact,
  playDice,
  quoteDice,
  type DiceBet,
  type DiceDirection,
  type DiceOutcome,
  type DiceQuote,
  type DiceRules,
} from './dice.ts';
export {
  checkSlotBet,
  evaluateSpin,
  lineWin,
  playSlot,
  slotRtp,
  SLOT_REELS,
  SLOT_ROWS,
  type SlotBet,
  type SlotDefinition,
  type SlotLineWin,
  type SlotOutcome,
  type SlotRtp,
  type SlotSpin,
} from './slot.ts';
export { HOUSE_SLOT } from './slot-game.ts';
export {
  conditionHolds,
  drawDigits,
  drawLottery,
  findSelection,
  LOTTERY_DIGITS,
  LOTTERY_OUTCOMES,
  lotteryRtp,
  selectionPayout,
  settleBet,
  settleTicket,
  type Condition,
  type LotteryBet,
  type LotteryBetResult,
  type LotteryMarket,
  type LotterySelection,
  type LotteryTable,
  type LotteryTicketResult,
  type MarketRtp,
  type SelectionRtp,
} from './lottery.ts';
export { LOTTERY_TABLES, QUICK_5D, SEA_5D, VN_5D } from './lottery-tables.ts';
export {
  assertSchedule,
  bettingState,
  nextPeriods,
  periodAt,
  periodById,
  type BettingState,
  type LotteryPeriod,
  type LotterySchedule,
} from './lottery-schedule.ts';
export {
  verifyDraw,
  verifyRound,
  type VerifiedRound,
  type VerifyDrawInput,
  type VerifyRoundInput,
} from './verify.ts';
export { SANDBOX_RTP, sandboxGame, type SandboxCategory, type SandboxGame } from './sandbox.ts';
