import type { HttpMethod, RouteBody, RouteDef, RouteQuery, RouteValue } from '@banca/contract';
import { LANGUAGE_HEADER, SESSION_KEYS } from '@banca/contract';
import { getLanguage, t } from '@/i18n';
import { getToken } from './session';

/**
 * The one typed client of the gateway. Call sites pass a contract RouteDef (in lazily loaded code)
 * or a RouteRef: the same call's method and path with its types but without the zod schemas, so
 * the first route's bundle stays free of zod (issue 2, item 10).
 */
export interface RouteRef<V = unknown, Q = undefined, B = undefined> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly form?: boolean;
  /** Body sent as compact JWE (application/jose), encrypted by lazily loaded code. */
  readonly enc?: boolean;
  /** Phantom: carries the value, query and body types. */
  readonly __types?: { value: V; query: Q; body: B };
}

/** A RouteRef typed from a contract route definition: `routeRef<typeof systemRoutes.status>(...)`. */
export const routeRef = <D extends RouteDef>(ref: {
  method: D['method'];
  path: string;
  form?: boolean;
  enc?: boolean;
}) => ref as RouteRef<RouteValue<D>, RouteQuery<D>, RouteBody<D>>;

type Route = RouteDef | RouteRef<unknown, unknown, unknown>;
export type ValueOf<R> = R extends RouteDef
  ? RouteValue<R>
  : R extends RouteRef<infer V, unknown, unknown>
    ? V
    : never;
type QueryOf<R> = R extends RouteDef
  ? RouteQuery<R>
  : R extends RouteRef<unknown, infer Q, unknown>
    ? Q
    : never;
type BodyOf<R> = R extends RouteDef
  ? RouteBody<R>
  : R extends RouteRef<unknown, unknown, infer B>
    ? B
    : never;

export interface CallOptions<R> {
  query?: QueryOf<R>;
  body?: BodyOf<R>;
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

export const apiCall = async <R extends Route>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ValueOf<R>> => {
  const headers: Record<string, string> = { Accept: 'application/json', [LANGUAGE_HEADER]: getLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (route.enc) {
      // JOSE loads only with the first enc call, never on the first route.
      headers['Content-Type'] = 'application/jose';
      body = await (await import('./enc')).encryptBody(options.body);
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
  return data.value as ValueOf<R>;
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
