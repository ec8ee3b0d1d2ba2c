import {
  FIRST_PAINT_ELEMENT_ID,
  callRequestKey,
  type CallRequest,
  type InlineAnswer,
  type RouteEntry,
} from '@banca/contract/routes';
import type { ValueOf } from './client';

let answers: Map<string, unknown> | null = null;

/** The answers the gateway inlined into index.html (FIRST_PAINT_ELEMENT_ID), read once. */
const inlined = (doc: Document): Map<string, unknown> => {
  if (answers) return answers;
  answers = new Map();
  const text = doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const list = JSON.parse(text) as unknown;
    if (Array.isArray(list)) {
      for (const item of list as Partial<InlineAnswer>[]) {
        if (typeof item?.key === 'string' && item.value !== undefined) answers.set(item.key, item.value);
      }
    }
  } catch {
    // A page without usable answers makes its calls as usual.
  }
  return answers;
};

/**
 * The gateway's inlined answer to this call with this request, or undefined. Taken once: a later
 * read (a refetch, a remount after the cache let it go) makes the call, so nothing stale is reused.
 */
export const takeInlineAnswer = <E extends RouteEntry>(
  call: E,
  request: CallRequest,
  doc: Document = document,
): ValueOf<E> | undefined => {
  const all = inlined(doc);
  const key = callRequestKey(call, request);
  if (!all.has(key)) return undefined;
  const value = all.get(key);
  all.delete(key);
  return value as ValueOf<E>;
};

/** Tests only: forget what was read, so the next read parses the document again. */
export const resetInlineAnswers = (): void => {
  answers = null;
};
