import { z } from 'zod';
import { moneySchema } from '../money.ts';
import { PLAY_MONEY_CURRENCY } from '../wallet/wallet.schemas.ts';

/** The longest range a report may span, in merchant days (both ends included). */
export const REPORT_RANGE_MAX_DAYS = 366;

/**
 * GET /ops/reports/dashboard. Days are the merchant's (wallet settings timeZone), both ends included;
 * the currency defaults to the merchant's. Play money (XPL) is never counted, so it is not asked for.
 * from <= to and at most REPORT_RANGE_MAX_DAYS days are checked by the service (report_range_inverted,
 * report_range_too_long), so the same rule holds for every caller of the reports face.
 */
export const reportDashboardQuerySchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .refine((c) => c !== PLAY_MONEY_CURRENCY, 'play money is never reported')
    .optional(),
});
export type ReportDashboardQuery = z.infer<typeof reportDashboardQuerySchema>;

const countSchema = z.number().int().nonnegative();

/** What was played: rounds settled, their stakes and payouts, GGR = stakes - payouts. */
export const playFiguresSchema = z.strictObject({
  rounds: countSchema,
  stakes: moneySchema,
  payouts: moneySchema,
  ggr: moneySchema,
});

/** One period's figures (a day, or the whole range). Money in minor units of the report's currency. */
export const reportFiguresSchema = playFiguresSchema.extend({
  registrations: countSchema,
  firstDepositCount: countSchema,
  firstDepositAmount: moneySchema,
  depositCount: countSchema,
  depositAmount: moneySchema,
  withdrawalCount: countSchema,
  withdrawalAmount: moneySchema,
  bonusCount: countSchema,
  bonusAmount: moneySchema,
  /** GGR - bonuses. */
  ngr: moneySchema,
  /** Distinct members with a settled round in the period (over a range: each member once). */
  activePlayers: countSchema,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportDashboardSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** The merchant's time zone the days are cut in. */
  timeZone: z.string(),
  totals: reportFiguresSchema,
  /** Every day of the range in order, empty days included. */
  days: z.array(reportFiguresSchema.extend({ day: z.iso.date() })),
  /** Per vendor (vassalage), biggest stakes first. */
  vendors: z.array(playFiguresSchema.extend({ vendor: z.string() })),
  /** Per game type (RNG, LIVE, ...), biggest stakes first. */
  gameTypes: z.array(playFiguresSchema.extend({ gameType: z.string() })),
});
export type ReportDashboard = z.infer<typeof reportDashboardSchema>;
