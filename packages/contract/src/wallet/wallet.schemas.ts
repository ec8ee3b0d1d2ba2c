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

/** The member's main wallet, as named in wallet transfers; vendor wallets are named by vendor code. */
export const MAIN_WALLET_CODE = 'MAIN';
/** A wallet's name in a wallet transfer: MAIN or a game vendor's code (BANCA, SANDBOX, ...). */
export const walletCodeSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/);

/**
 * The client's name for one wallet-transfer request, sent again unchanged on a retry so the money moves
 * once (a UUID fits).
 */
export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** GET /wps/relay/GCS_merchantWallet */
export const merchantWalletValueSchema = z.strictObject({
  /** True: one wallet plays every game (single mode). False: each vendor has a wallet (transfer mode). */
  isSingle: z.boolean(),
  /** Game vendors that have a wallet of their own in transfer mode. */
  vendors: z.array(walletCodeSchema),
});
export type MerchantWalletValue = z.infer<typeof merchantWalletValueSchema>;

/** GET /wps/member/info/funds/consolidated: the member's wallets, in minor units. */
export const consolidatedFundsValueSchema = z.strictObject({
  walletMode: z.enum(['single', 'transfer']),
  currency: currencyCodeSchema,
  currencySymbol: z.string().min(1).max(8),
  /** Main plus every vendor wallet. */
  total: moneySchema.min(0),
  main: moneySchema.min(0),
  /** One entry per vendor, 0 for a wallet never used. */
  wallets: z.array(z.strictObject({ vendor: walletCodeSchema, balance: moneySchema.min(0) })),
});
export type ConsolidatedFundsValue = z.infer<typeof consolidatedFundsValueSchema>;

/**
 * POST /wps/relay/GCS_walletTransfer. `transfer`: from one wallet to another, one of them MAIN.
 * `recallAll`: every vendor wallet back to MAIN. Amounts are positive minor units.
 */
export const walletTransferBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('transfer'),
    from: walletCodeSchema,
    to: walletCodeSchema,
    amount: moneySchema.min(1),
    requestId: requestIdSchema,
  }),
  z.strictObject({ action: z.literal('recallAll'), requestId: requestIdSchema }),
]);
export type WalletTransferBody = z.infer<typeof walletTransferBodySchema>;

/** The wallets after the transfer; `replayed` when the requestId had been used (nothing moved now). */
export const walletTransferValueSchema = consolidatedFundsValueSchema.extend({ replayed: z.boolean() });
export type WalletTransferValue = z.infer<typeof walletTransferValueSchema>;
