import { z } from 'zod';
import { queryInteger } from '../query-number.ts';
import { houseSessionSchema } from '../house/house.schemas.ts';

const languageSchema = z.enum(['PT', 'EN']);
/** A lottery game's catalogue code (QUICK5D, VN5D, SEA5D). */
export const lotteryGameCodeSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);
/** `YYYYMMDD-nnnn`, the period's day in its schedule's zone and its number in the day. */
export const lotteryPeriodIdSchema = z.string().regex(/^\d{8}-\d{4}$/);
const digitsSchema = z.array(z.number().int().min(0).max(9)).length(5);

/** A period as anyone may see it before its draw: times (ISO) and the commitment to its seed. */
export const lotteryPeriodSchema = z.strictObject({
  periodId: lotteryPeriodIdSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the period's server seed, published before the period opens. */
  seedHash: z.string(),
});
export type LotteryPeriodView = z.infer<typeof lotteryPeriodSchema>;

/** A drawn period: its opened numbers and the revealed seed, so anyone can recompute them. */
export const openedPeriodSchema = z.strictObject({
  periodId: lotteryPeriodIdSchema,
  drawAt: z.string(),
  /** The opened numbers, position 1 first. */
  digits: digitsSchema,
  seedHash: z.string(),
  serverSeed: z.string(),
});
export type OpenedPeriod = z.infer<typeof openedPeriodSchema>;

const lotteryGameSchema = z.strictObject({
  vassalage: z.string(),
  gameCode: lotteryGameCodeSchema,
  /** The bet table's code (`LOTTERY_TABLES` in @banca/house-games; also the draw's HMAC message). */
  tableCode: z.string(),
  name: z.string(),
  periodSeconds: z.number().int(),
  closeSeconds: z.number().int(),
});

/** GET /lgw/vn/games/game_menu */
export const lotteryMenuQuerySchema = z.strictObject({ language: languageSchema.optional() });
export const lotteryMenuValueSchema = z.strictObject({
  games: z.array(lotteryGameSchema.extend({ current: lotteryPeriodSchema })),
});
/** GET /lgw/vn/games/game_menu/recent */
export const lotteryRecentValueSchema = z.strictObject({
  games: z.array(lotteryGameSchema.extend({ latest: openedPeriodSchema.nullable() })),
});
/** GET /lgw/vn/numeros/opened/game?gameCode&pageSize */
export const openedNumbersQuerySchema = z.strictObject({
  gameCode: lotteryGameCodeSchema,
  pageSize: queryInteger(1, 100).optional(),
});
export const openedNumbersValueSchema = z.strictObject({
  gameCode: z.string(),
  list: z.array(openedPeriodSchema),
});
/** GET /lotto/lgw/games/opened/numero?gameCode&periodId */
export const openedNumeroQuerySchema = z.strictObject({
  gameCode: lotteryGameCodeSchema,
  periodId: lotteryPeriodIdSchema.optional(),
});
export const openedNumeroValueSchema = z.strictObject({
  gameCode: z.string(),
  opened: openedPeriodSchema,
});

/** POST /house/api/lottery/state */
export const houseLotteryStateBodySchema = z.strictObject({ session: houseSessionSchema });
export const houseLotteryStateValueSchema = z.strictObject({
  game: lotteryGameSchema,
  serverTime: z.string(),
  /** The running period and whether it still takes bets. */
  current: lotteryPeriodSchema.extend({ state: z.enum(['upcoming', 'open', 'closed']) }),
  /** The coming periods, their seeds already committed. */
  next: z.array(lotteryPeriodSchema),
  recent: z.array(openedPeriodSchema),
});
export type HouseLotteryState = z.infer<typeof houseLotteryStateValueSchema>;

export const lotteryBetSchema = z.strictObject({
  market: z.string().min(1).max(32),
  selection: z.string().min(1).max(32),
  /** Minor units; the table's limits are checked by the server. */
  stake: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** POST /house/api/lottery/buy */
export const houseLotteryBuyBodySchema = z.strictObject({
  session: houseSessionSchema,
  /** The client's id for this purchase: a retry with the same id buys nothing twice. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  periodId: lotteryPeriodIdSchema,
  bets: z.array(lotteryBetSchema).min(1).max(20),
});

export const lotteryTicketStatusSchema = z.enum(['pending', 'won', 'lost', 'void']);
export const lotteryTicketSchema = z.strictObject({
  ticketId: z.string(),
  gameCode: z.string(),
  periodId: lotteryPeriodIdSchema,
  bets: z.array(
    lotteryBetSchema.extend({
      odds: z.number().int(),
      payout: z.number().int().nullable(),
    }),
  ),
  totalStake: z.number().int(),
  /** Null until settled. */
  totalPayout: z.number().int().nullable(),
  status: lotteryTicketStatusSchema,
  digits: digitsSchema.nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;
export const houseLotteryBuyValueSchema = z.strictObject({
  ticket: lotteryTicketSchema,
  /** The wallet balance after the debit (minor units). */
  balance: z.number().int(),
});

/** POST /house/api/lottery/tickets */
export const houseLotteryTicketsBodySchema = z.strictObject({
  session: houseSessionSchema,
  periodId: lotteryPeriodIdSchema.optional(),
  status: lotteryTicketStatusSchema.optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});
export const houseLotteryTicketsValueSchema = z.strictObject({ tickets: z.array(lotteryTicketSchema) });
