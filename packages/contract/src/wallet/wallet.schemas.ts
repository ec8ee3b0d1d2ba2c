/**
 * Wire shapes and constants of the wallet (ledger core). Money is an integer of minor units
 * (../money.ts); play money has a currency of its own so it can never be mistaken for, or moved into,
 * real money.
 */
import { z } from 'zod';
import { moneySchema } from '../money.ts';

/** Currency code of play money (ISO 4217 reserves X-codes for non-national units; XPL is unused). */
export const PLAY_MONEY_CURRENCY = 'XPL';
/** What the client shows next to a play-money balance. */
export const PLAY_MONEY_SYMBOL = 'XPL';
/** Play money a free-play (trial) account starts with: 1,000.00 in minor units. */
export const FREE_PLAY_BALANCE = 100_000;

/** An ISO-4217-style code: three capital letters (BRL, XPL). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);

/** GET /wps/v2/wallets/balance */
export const balanceValueSchema = z.strictObject({
  /** Minor units (centavos for BRL); never negative. */
  balance: moneySchema.min(0),
  currency: currencyCodeSchema,
  currencySymbol: z.string().min(1).max(8),
  /** True for trial accounts: the balance is play money (currency XPL), worthless outside the site. */
  playMoney: z.boolean(),
});
export type BalanceValue = z.infer<typeof balanceValueSchema>;
