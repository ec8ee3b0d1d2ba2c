import type { EntryBody, EntryQuery, EntryValue, RouteEntry } from '@banca/contract/routes';
import { systemCalls } from '@banca/contract/routes';
import { LANGUAGE_HEADER, SESSION_KEYS } from '@banca/contract';
import { getLanguage, t } from '@/i18n';
import { getToken } from './session';

/**
 * The one typed client of the gateway. Call sites pass an entry of the contract's light route table
 * (`@banca/contract/routes`: method, path, enc, form, no zod), so the first route's bundle stays free
 * of zod (issue 2, item 10); the value, query and body types come from the call's zod definition
 * through type-only imports. A zod RouteDef is an entry too and works the same.
 */
export type ValueOf<E extends RouteEntry> = EntryValue<E>;

export interface CallOptions<E extends RouteEntry> {
  query?: EntryQuery<E>;
  body?: EntryBody<E>;
  signal?: AbortSignal;
}

/** Every failure of a gateway call, with the envelope's code and the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /** Field errors from `value.fields` (name -> code), for forms. */
    readonly fields: Record<string, string> = {},
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

/** Status 0: the gateway could not be reached or did not answer with an envelope. */
export const NETWORK_ERROR = 'network_error';

/** Dispatched on window when a call made with a token answers 401 (the token is gone by then). */
export const UNAUTHORIZED_EVENT = 'banca:unauthorized';

const isEnvelope = (
  data: unknown,
): data is { success: boolean; code: string; message: string; value: unknown } =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { success?: unknown }).success === 'boolean' &&
  typeof (data as { code?: unknown }).code === 'string' &&
  'value' in data;

const fieldsOf = (value: unknown): Record<string, string> => {
  const fields = (value as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};

const buildUrl = (path: string, query: unknown): string => {
  if (!query || typeof query !== 'object') return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const apiCall = async <E extends RouteEntry>(
  route: E,
  options: CallOptions<E> = {},
): Promise<ValueOf<E>> => {
  const headers: Record<string, string> = { Accept: 'application/json', [LANGUAGE_HEADER]: getLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (route.enc) {
      // JOSE loads only with the first enc call, never on the first route.
      headers['Content-Type'] = 'application/jose';
      const { encryptBody } = await import('./enc');
      body = await encryptBody(options.body, () => apiCall(systemCalls.publicKey));
    } else if (route.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.body as Record<string, string>).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(route.path, options.query), {
      method: route.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0, t('network_abnormal'));
  }

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!isEnvelope(data)) {
    throw new ApiError(NETWORK_ERROR, response.status, t('network_abnormal'));
  }
  if (response.status === 401 && token) {
    sessionStorage.removeItem(SESSION_KEYS.token);
    dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (!response.ok || !data.success) {
    const message = typeof data.message === 'string' && data.message ? data.message : t('unknown_error');
    throw new ApiError(data.code, response.status, message, fieldsOf(data.value), data.value);
  }
  return data.value as ValueOf<E>;
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
