import { z } from 'zod';
import { defineCallback } from '../callback.ts';

/**
 * The vendor wallet API (seamless wallet): the calls a game vendor makes to move a player's money.
 * Signed server-to-server callbacks (docs/vendor-api.md): HMAC-SHA256 over `${timestamp}.${rawBody}`
 * with the vendor's own secret. Answers are the vendor format below, never the member envelope.
 */

/** Headers of a signed vendor call. */
export const VENDOR_HEADERS = {
  /** The vendor's id: its catalogue vassalage, e.g. BANCA. */
  vendor: 'x-vendor-id',
  /** Unix seconds when the vendor signed. */
  timestamp: 'x-vendor-timestamp',
  /** Lower-case hex HMAC-SHA256 of `${timestamp}.` + raw body, keyed with the vendor's secret. */
  signature: 'x-vendor-signature',
} as const;

/** How far a signed timestamp may be from the gateway's clock, either way. */
export const VENDOR_MAX_SKEW_SECONDS = 300;

/** The largest amount one call may carry, in minor units (10 billion units of the currency). */
export const VENDOR_MAX_AMOUNT = 1_000_000_000_000;

/** Transaction and round ids: the vendor's own, 1-64 characters of a safe set. */
export const vendorIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/);
/** The player session a vendor got from the launch-token exchange: 43 base64url characters. */
export const playerSessionSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const gameCodeSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
const amountSchema = (min: number) => z.number().int().min(min).max(VENDOR_MAX_AMOUNT);

export const vendorBalanceBodySchema = z.strictObject({ playerSession: playerSessionSchema });
export const vendorDebitBodySchema = z.strictObject({
  playerSession: playerSessionSchema,
  transactionId: vendorIdSchema,
  roundId: vendorIdSchema,
  /** The vendor's game code; the catalogue game `<vendor>-<gameCode>` must exist. */
  gameCode: gameCodeSchema,
  amount: amountSchema(1),
});
export const vendorCreditBodySchema = z.strictObject({
  playerSession: playerSessionSchema,
  transactionId: vendorIdSchema,
  roundId: vendorIdSchema,
  /** 0 is allowed: a losing round closed with `closeRound`. */
  amount: amountSchema(0),
  /** This is the round's last credit: the round settles. */
  closeRound: z.boolean().optional(),
});
export const vendorRollbackBodySchema = z.strictObject({
  playerSession: playerSessionSchema,
  transactionId: vendorIdSchema,
  roundId: vendorIdSchema,
  /** The debit to refund. */
  refTransactionId: vendorIdSchema,
});
/** The one-time launch token a launch URL carries (`launch` query parameter): 43 base64url characters. */
export const launchTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const vendorLaunchBodySchema = z.strictObject({ launchToken: launchTokenSchema });
export const vendorEndRoundBodySchema = z.strictObject({
  playerSession: playerSessionSchema,
  roundId: vendorIdSchema,
});

export type VendorBalanceBody = z.infer<typeof vendorBalanceBodySchema>;
export type VendorDebitBody = z.infer<typeof vendorDebitBodySchema>;
export type VendorCreditBody = z.infer<typeof vendorCreditBodySchema>;
export type VendorRollbackBody = z.infer<typeof vendorRollbackBodySchema>;
export type VendorEndRoundBody = z.infer<typeof vendorEndRoundBodySchema>;
export type VendorLaunchBody = z.infer<typeof vendorLaunchBodySchema>;

/**
 * Every refusal's code and HTTP status. A refusal moves nothing and stores nothing: a retry of a
 * refused call is judged again.
 */
export const VENDOR_ERROR_STATUS = {
  /** The body is not JSON or not the call's shape (amounts: integers 0/1..VENDOR_MAX_AMOUNT). */
  invalid_request: 400,
  /** A signature header is missing or malformed. */
  unsigned: 401,
  /** No credentials for the vendor the request names. */
  unknown_vendor: 401,
  bad_signature: 401,
  /** The signed timestamp is more than VENDOR_MAX_SKEW_SECONDS from the gateway's clock. */
  stale_timestamp: 401,
  /** The launch token is unknown, used already, expired, or another vendor's. */
  launch_invalid: 401,
  /** No player session with this token for this vendor. */
  session_invalid: 401,
  /** The player session expired: balance and debit are refused (credit, rollback, end-round are not). */
  session_expired: 401,
  /** The player's account is locked by the operator: balance and debit are refused (credit, rollback,
   *  end-round are not: the money of rounds already played is the player's). */
  player_locked: 403,
  /** No such game of this vendor in the catalogue. */
  game_not_found: 404,
  /** No round with this id (for this vendor), e.g. a credit before any debit. */
  round_not_found: 404,
  /** The round is settled or cancelled: no more debits, credits or rollbacks. */
  round_closed: 409,
  /** The round belongs to another player. */
  round_conflict: 409,
  /** The transaction id was used before with other parameters. */
  transaction_conflict: 409,
  /** A debit whose transaction id was rolled back already (rollback arrived first). */
  transaction_rolled_back: 409,
  /** A rollback naming a transaction that is not a debit. */
  not_a_debit: 409,
  /** The player's balance is below the debit; the answer carries the balance. */
  insufficient_funds: 409,
  /** Something failed on our side; retry with the same transaction id. */
  internal_error: 500,
} as const;

export type VendorErrorCode = keyof typeof VENDOR_ERROR_STATUS;

/** Every answer: `status` is OK or an error code; `balance` (minor units) when the player is known. */
export const vendorAnswerSchema = z.object({
  status: z.union([z.literal('OK'), z.enum(Object.keys(VENDOR_ERROR_STATUS) as [VendorErrorCode])]),
  balance: z.number().int().optional(),
  currency: z.string().optional(),
  transactionId: z.string().optional(),
  roundId: z.string().optional(),
  message: z.string().optional(),
  /** launch: the player session the launch token was exchanged for. */
  playerSession: z.string().optional(),
  /** launch: what the member launched, for the vendor to open. */
  launch: z
    .object({
      /** The member's login name (the vendor shows it; never a secret). */
      account: z.string(),
      gameCode: z.string(),
      /** PT or EN. */
      language: z.string(),
      device: z.string().optional(),
      backUrl: z.string().optional(),
      /** Lottery launches (spec section 7): lottoArea, launchMode, lottoPrizeMode, lottoGameCode, lottoView. */
      lotto: z.record(z.string(), z.string()).optional(),
      /** ISO time the player session stops allowing balance reads and debits. */
      sessionExpiresAt: z.string(),
    })
    .optional(),
});
export type VendorAnswer = z.infer<typeof vendorAnswerSchema>;

const vendorCall = <B extends z.ZodType>(name: string, summary: string, body: B) =>
  defineCallback({
    id: `vendor.${name}`,
    method: 'POST',
    path: `/callback/vendor/${name}`,
    caller: 'game-vendor',
    summary,
    tags: ['vendor-wallet'],
    body,
  });

/** The vendor wallet API (docs/vendor-api.md). */
export const vendorCallbacks = {
  balance: vendorCall('balance', "Vendor: the player's balance", vendorBalanceBodySchema),
  debit: vendorCall(
    'debit',
    'Vendor: a bet (debit of the player), idempotent by transactionId',
    vendorDebitBodySchema,
  ),
  credit: vendorCall(
    'credit',
    'Vendor: a win (credit of the player), several per round; closeRound settles the round',
    vendorCreditBodySchema,
  ),
  rollback: vendorCall(
    'rollback',
    'Vendor: refund of a debit by its transaction id; of an unknown debit, remembered so it is refused later',
    vendorRollbackBodySchema,
  ),
  endRound: vendorCall('end-round', 'Vendor: the round is over (settles it)', vendorEndRoundBodySchema),
  launch: vendorCall(
    'launch',
    "Vendor: exchanges a launch URL's one-time token for a player session (once, within 60 s)",
    vendorLaunchBodySchema,
  ),
} as const;
