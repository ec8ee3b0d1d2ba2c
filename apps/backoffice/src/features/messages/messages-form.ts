import { ApiError, invalidFields } from '@/api/client.ts';
import type { MessageKey } from '@/i18n/i18n.ts';

/** The list's query key (every page under it). */
export const MESSAGES_KEY = ['ops', 'messages'] as const;
export const PAGE_SIZE = 20;

/** The send form's fields, by the names the gateway's invalid_input uses. */
export type MessageField = 'username' | 'titlePT' | 'titleEN' | 'contentPT' | 'contentEN' | 'reason';

/**
 * What the gateway said of each field of a refused send, as the form words it under the field: an
 * invalid_input's codes (zod's issue codes, or the sanitiser's) and an unknown username (the server's
 * own localised message).
 */
export function sendFieldErrors(
  error: unknown,
  t: (key: MessageKey) => string,
): Partial<Record<MessageField, string>> {
  if (error instanceof ApiError && error.code === 'message_recipient_not_found')
    return { username: error.message };
  const out: Partial<Record<MessageField, string>> = {};
  for (const [name, code] of Object.entries(invalidFields(error))) {
    if (!isField(name)) continue;
    out[name] = t(fieldErrorKey(name, code));
  }
  return out;
}

const FIELDS: readonly MessageField[] = [
  'username',
  'titlePT',
  'titleEN',
  'contentPT',
  'contentEN',
  'reason',
];
const isField = (name: string): name is MessageField => (FIELDS as readonly string[]).includes(name);

function fieldErrorKey(name: MessageField, code: string): MessageKey {
  if (code === 'too_big' || code === 'maxLength') return 'messages.fieldErrors.tooLong';
  if (code === 'too_small' || code === 'minLength')
    return name === 'reason' ? 'messages.fieldErrors.tooShort' : 'messages.fieldErrors.required';
  if (code === 'empty_after_sanitising') return 'messages.fieldErrors.empty';
  if (code === 'invalid_type' || code === 'required' || (name === 'username' && code === 'custom'))
    return 'messages.fieldErrors.required';
  return 'messages.fieldErrors.invalid';
}
