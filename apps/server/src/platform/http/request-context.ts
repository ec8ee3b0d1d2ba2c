import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language.ts';
import type { Visitor } from './visitor.ts';

/** Who is asking, as the HTTP layer sees it: what account services need of the request. */
export interface RequestContext {
  merchantCode: string;
  ip: string;
  userAgent: string | null;
  language?: 'PT' | 'EN';
}

/** The request context from the visitor reader (trusted-proxy aware) and the request headers. */
export function requestContext(
  deps: { merchantCode: string; visitor: (request: FastifyRequest) => Visitor },
  request: FastifyRequest,
): RequestContext {
  const ua = request.headers['user-agent'];
  return {
    merchantCode: deps.merchantCode,
    ip: deps.visitor(request).ip,
    userAgent: typeof ua === 'string' ? ua : null,
    language: requestLanguage(request),
  };
}
