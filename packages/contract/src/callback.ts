import type { z } from 'zod';
import { CALLBACK_PREFIX, type CallbackEntry } from './route-entry.ts';

/**
 * A server-to-server callback (a payment provider's webhook, a game vendor's wallet call): the second
 * route kind beside the gateway calls of route.ts. The caller signs its raw body (HMAC-SHA256 over
 * timestamp and body, see the server's callback-route.ts) instead of sending a member token; the body
 * and the answer are in the caller's own format, never the envelope; enc does not apply.
 */
export interface CallbackDef<B extends z.ZodType | undefined = z.ZodType | undefined> extends CallbackEntry {
  summary: string;
  tags: string[];
  /**
   * The caller's JSON body, validated once the signature checked out. Leave it out when the caller
   * sends another format: the handler then reads the raw body itself.
   */
  body?: B;
}

export const defineCallback = <
  const E extends Omit<CallbackEntry, 'kind'>,
  B extends z.ZodType | undefined = undefined,
>(
  def: E & { summary: string; tags: string[]; body?: B },
): E & { kind: 'callback'; summary: string; tags: string[]; body?: B } => {
  if (!def.path.startsWith(`${CALLBACK_PREFIX}/`)) {
    throw new Error(`${def.id}: callback paths live under ${CALLBACK_PREFIX}/`);
  }
  return { ...def, kind: 'callback' };
};
