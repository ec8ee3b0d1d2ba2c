import { z } from 'zod';
import { moneySchema } from '../money.ts';
import { queryInteger } from '../query-number.ts';
import { listGameTypeSchema } from './games.schemas.ts';

export const BET_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
export const betStatusSchema = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof betStatusSchema>;

/** The longest range a record query may span (profit buckets stay a few hundred at most). */
export const RECORD_RANGE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** from (inclusive) before to (exclusive), at most RECORD_RANGE_MAX_DAYS apart, when both are sent. */
const rangeIsOrdered = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to);
const rangeIsShort = (q: { from?: string; to?: string }) =>
  q.from === undefined ||
  q.to === undefined ||
  Date.parse(q.to) - Date.parse(q.from) <= RECORD_RANGE_MAX_DAYS * DAY_MS;

/** GET /wps/member/records/bets: the member's rounds, newest first (opened time, then id). */
export const betRecordQuerySchema = z
  .strictObject({
    /** The lobby's category (ESPORTS and COCKFIGHT are SPORTS of their vendors). */
    category: listGameTypeSchema.optional(),
    /** A vendor's vassalage (code). */
    vendor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/)
      .optional(),
    status: betStatusSchema.optional(),
    /** Opened at or after (ISO-8601 UTC). */
    from: z.string().datetime().optional(),
    /** Opened before (exclusive). */
    to: z.string().datetime().optional(),
    /** The previous page's nextCursor (a round's id). */
    cursor: z
      .string()
      .regex(/^\d{1,16}$/)
      .optional(),
    limit: queryInteger(1, 100).default(20),
  })
  .refine(rangeIsOrdered, { message: 'from must be before to', path: ['from'] })
  .refine(rangeIsShort, { message: `at most ${RECORD_RANGE_MAX_DAYS} days`, path: ['to'] });
export type BetRecordQuery = z.infer<typeof betRecordQuerySchema>;

export const betRecordEntrySchema = z.strictObject({
  /** The record's id (the next page's cursor when last). */
  id: z.string(),
  /** The vendor's round id: for house rounds, the id their fairness view verifies. */
  roundId: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  /** The catalogue node of the game (what a launch names). */
  nodeId: z.string(),
  gameCode: z.string(),
  /** In the request's language; the game code when the catalogue no longer has the game. */
  gameName: z.string(),
  category: listGameTypeSchema,
  currency: z.string(),
  stake: moneySchema,
  payout: moneySchema,
  /** payout - stake: what the member won (> 0) or lost (< 0) on the round. */
  profit: moneySchema,
  status: betStatusSchema,
  openedAt: z.string().datetime(),
  settledAt: z.string().datetime().nullable(),
});
export type BetRecordEntry = z.infer<typeof betRecordEntrySchema>;

export const recordTotalsSchema = z.strictObject({
  count: z.number().int().min(0),
  stake: moneySchema,
  payout: moneySchema,
  profit: moneySchema,
});
export type RecordTotals = z.infer<typeof recordTotalsSchema>;

export const betRecordPageSchema = z.strictObject({
  items: z.array(betRecordEntrySchema),
  /** Over the whole filter, not just this page. */
  totals: recordTotalsSchema,
  nextCursor: z.string().nullable(),
});
export type BetRecordPage = z.infer<typeof betRecordPageSchema>;

export const PROFIT_PERIODS = ['day', 'week', 'month'] as const;
export type ProfitPeriod = (typeof PROFIT_PERIODS)[number];

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO-8601 instant, or a calendar day (yyyy-mm-dd) of the merchant's calendar. */
const instantOrDay = z.union([z.string().datetime(), z.iso.date()]);

/**
 * GET /wps/member/records/profit: settled rounds (settled in [from, to)) by period and category.
 * `from` and `to` are both instants, or both calendar days of the merchant's calendar (its wallet
 * settings' time zone): a day stands for its local midnight, so `from=2026-03-10&to=2026-03-11` is
 * the merchant's whole 10 March, whatever the browser's zone.
 */
export const profitQuerySchema = z
  .strictObject({
    period: z.enum(PROFIT_PERIODS).default('day'),
    from: instantOrDay,
    to: instantOrDay,
  })
  .refine((q) => CALENDAR_DAY.test(q.from) === CALENDAR_DAY.test(q.to), {
    message: 'from and to must both be days or both be instants',
    path: ['to'],
  })
  .refine(rangeIsOrdered, { message: 'from must be before to', path: ['from'] })
  .refine(rangeIsShort, { message: `at most ${RECORD_RANGE_MAX_DAYS} days`, path: ['to'] });
export type ProfitQuery = z.infer<typeof profitQuerySchema>;
/** Whether a profit query's bound is a calendar day (yyyy-mm-dd) rather than an instant. */
export const isCalendarDay = (value: string): boolean => CALENDAR_DAY.test(value);

const profitFigures = {
  rounds: z.number().int().min(0),
  stake: moneySchema,
  payout: moneySchema,
  profit: moneySchema,
};

export const profitValueSchema = z.strictObject({
  period: z.enum(PROFIT_PERIODS),
  /** The merchant's calendar the periods follow (wallet settings timeZone). */
  timeZone: z.string(),
  currency: z.string(),
  /** Every period that meets the range, oldest first, empty ones included. */
  periods: z.array(
    z.strictObject({
      /** The period's first day in the merchant's calendar (YYYY-MM-DD). */
      label: z.string(),
      start: z.string().datetime(),
      end: z.string().datetime(),
      ...profitFigures,
    }),
  ),
  categories: z.array(z.strictObject({ category: listGameTypeSchema, ...profitFigures })),
  totals: z.strictObject(profitFigures),
});
export type ProfitValue = z.infer<typeof profitValueSchema>;
