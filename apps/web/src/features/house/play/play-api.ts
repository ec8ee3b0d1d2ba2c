import { houseCalls, type EntryValue } from '@banca/contract/routes';
import { ApiError, isApiError } from '@/api';
import { t } from '@/i18n';
import { newRequestId } from '@/lib/ids';
import { houseCall, type HouseSession } from '../session';

export type PlayValue = EntryValue<typeof houseCalls.spin>;
export type HouseRound = PlayValue['round'];

/** Which game a house game code plays (the server's HOUSE_GAME_OF). */
export const GAME_OF: Readonly<Record<string, 'slot' | 'dice'>> = { SLOT5X3: 'slot', DICE: 'dice' };

/**
 * One spin or roll, re-sent with the same request id when the network drops the answer or the payout
 * is still on its way (the server answers a repeated request with the same round, never a second
 * debit).
 */
async function playOnce(call: () => Promise<PlayValue>, attempts = 3): Promise<PlayValue> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const retriable = !isApiError(error) || error.code === 'house_round_pending';
      if (!retriable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

export const spin = (session: HouseSession, bet: { betPerLine: number; lines: number }) => {
  const requestId = newRequestId();
  return playOnce(() => houseCall(houseCalls.spin, session, { requestId, ...bet }));
};

export const roll = (
  session: HouseSession,
  bet: { stake: number; direction: 'under' | 'over'; target: number },
) => {
  const requestId = newRequestId();
  return playOnce(() => houseCall(houseCalls.roll, session, { requestId, ...bet }));
};

/** A refusal's message as the server worded it, or the generic one. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.message : t('unknown_error');

/** JSON with sorted keys: the stored outcome (jsonb reorders keys) against the recomputed one. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
