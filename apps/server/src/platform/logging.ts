import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Session tokens can arrive in a URL (`?token=` after social sign-in, spec section 4's token pick-up):
 * they must never reach the logs, where anyone reading them could take over the session.
 */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&#]*/gi;
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

interface RawRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request fields, with secrets in the query string redacted. */
const requestSerializer = (req: RawRequest) => ({
  method: req.method,
  url: req.url === undefined ? undefined : redactUrl(req.url),
  host: req.host ?? req.hostname,
  remoteAddress: req.ip ?? req.socket?.remoteAddress,
  remotePort: req.socket?.remotePort,
});

/** The gateway's logger: JSON lines (pino) with secrets kept out of request URLs. */
export const createLogger = (level: string, destination?: DestinationStream): Logger => {
  const logger = pino({ level, serializers: { req: requestSerializer } }, destination);
  // Fastify merges a logger instance's own `serializers` over its defaults (logger-factory.js).
  return Object.assign(logger, { serializers: { req: requestSerializer } });
};
