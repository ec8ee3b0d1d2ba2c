import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

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

/** `json` (one object a line, for log collectors) or `pretty` (short coloured lines, for a person). */
export type LogFormat = 'json' | 'pretty';

/**
 * pino-pretty as a pino transport (a worker thread, so formatting never blocks requests). The request
 * line already says method, path, status and time, so its structured copies are hidden.
 */
const prettyTransport: LoggerOptions['transport'] = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: false,
  },
};

/** The gateway's logger (pino) with secrets kept out of request URLs: JSON lines, or pretty ones. */
export const createLogger = (
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger => {
  const options: LoggerOptions = { level, serializers: { req: requestSerializer } };
  const logger =
    format === 'pretty' && !destination
      ? pino({ ...options, transport: prettyTransport })
      : pino(options, destination);
  // Fastify merges a logger instance's own `serializers` over its defaults (logger-factory.js).
  return Object.assign(logger, { serializers: { req: requestSerializer } });
};

/**
 * One log line per request, written when the answer is sent: "GET /wps/system/status 200 3 ms", with
 * the request and status as fields for JSON collectors, instead of Fastify's pair of lines per request
 * (incoming, completed) and its unredacted "Route ... not found" line. Fastify's LogController is the
 * documented place to change its request lines.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const failed = Boolean(error) || reply.statusCode >= 500;
    // The line (URL redaction, fields) is built only when it is written: with LOG_LEVEL above info
    // the request lines of successful calls cost nothing.
    const log = reply.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled && !log.isLevelEnabled(failed ? 'error' : 'info')) return;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
    if (failed) reply.log.error({ ...fields, err: error ?? undefined }, line);
    else reply.log.info(fields, line);
  }
}
