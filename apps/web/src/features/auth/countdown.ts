import { SMS_COUNTDOWN_DEFAULT_MINUTES } from '@banca/contract';

/**
 * How long an SMS code stays valid, in minutes: the server's CODE_TTL_MS (verification module), also
 * stated in the SMS text. Shown under the code field beside the resend countdown, which is shorter.
 */
export const SMS_CODE_VALID_MINUTES = 5;

/** Seconds the send button stays disabled: expiredMinutes x 60 (spec section 4), 1 minute by default. */
export const countdownSeconds = (expiredMinutes?: number | null): number =>
  Math.round((expiredMinutes && expiredMinutes > 0 ? expiredMinutes : SMS_COUNTDOWN_DEFAULT_MINUTES) * 60);
