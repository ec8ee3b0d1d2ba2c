import { fillPath, type RouteEntry } from '@banca/contract/routes';
import { apiLanguage } from '@/i18n/i18n.ts';

/** A refusal from the gateway: its stable code, its localised message, the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

/** An error for a notice: the server's message, and for invalid input the fields it names. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError
    ? `${error.message}${error.code === 'invalid_input' && error.value ? ` ${JSON.stringify(error.value)}` : ''}`
    : String(error);

/** The fields an invalid_input error names, with their messages (none for any other error). */
export const invalidFields = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.code === 'invalid_input'
    ? ((error.value as { fields?: Record<string, string> } | null)?.fields ?? {})
    : {};

type Query = Record<string, string | number | boolean | undefined | null>;

const queryString = (query?: Query): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
};

/** Called when a call answers 401: the session ended (logout elsewhere, expiry, disable). */
let onSessionEnded: () => void = () => {};
export const setSessionEndedHandler = (handler: () => void): void => {
  onSessionEnded = handler;
};

/**
 * One /ops call. The session travels in the httpOnly cookie the gateway set (never seen by this
 * code); the browser adds the Origin header the gateway checks on every change (CSRF).
 */
export async function opsCall<T>(
  call: Pick<RouteEntry, 'method' | 'path'>,
  init: { params?: Record<string, string | number>; query?: Query; body?: unknown } = {},
): Promise<T> {
  const url = (init.params ? fillPath(call.path, init.params) : call.path) + queryString(init.query);
  const res = await fetch(url, {
    method: call.method,
    credentials: 'same-origin',
    headers: {
      Language: apiLanguage(),
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  let envelope: { success?: boolean; code?: string; message?: string; value?: unknown } = {};
  try {
    envelope = await res.json();
  } catch {
    // not JSON: a proxy's error page
  }
  if (!res.ok || envelope.success !== true) {
    if (res.status === 401 && call.path !== '/ops/session/me') onSessionEnded();
    throw new ApiError(
      envelope.code ?? 'internal_error',
      envelope.message ?? res.statusText,
      res.status,
      envelope.value ?? null,
    );
  }
  return envelope.value as T;
}
