import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * Whether a request comes from a page of this same site (the back office's CSRF check). Browsers send
 * `Origin` on every non-GET fetch, same-origin or not; it must name this host (the Host the request
 * came to, X-Forwarded-Host behind a trusted proxy) or one of `extraOrigins` (PUBLIC_URL). Without
 * `Origin`, `Sec-Fetch-Site: same-origin` (sent by current browsers) is accepted; otherwise refused.
 */
export function isSameOrigin(request: FastifyRequest, extraOrigins: readonly string[] = []): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    if (extraOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** A request carrying an Origin of another site (login CSRF); no Origin at all is a script, let through. */
export const isCrossSite = (request: FastifyRequest, extraOrigins: readonly string[] = []): boolean =>
  typeof request.headers.origin === 'string' && !isSameOrigin(request, extraOrigins);
