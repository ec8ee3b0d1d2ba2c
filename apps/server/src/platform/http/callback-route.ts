import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CALLBACK_PREFIX, type CallbackDef } from '@banca/contract';

/**
 * Server-to-server callbacks (payment webhooks, game vendors' wallet calls): the second route kind
 * beside registerRoute's gateway calls. What differs, and why:
 * - the raw body reaches the verifier byte for byte (a signature covers bytes, not a re-serialised
 *   object), so these routes get their own content-type parser that keeps every body as a Buffer;
 * - the caller is proven by a per-caller secret (HMAC), never by a member token: no route-auth hook;
 * - answers, refusals included, are in the caller's own format, never the envelope;
 * - enc does not apply; the system guard's maintenance and region rules do not apply either
 *   (callbacks live under CALLBACK_PREFIX, which isGuardedPath leaves open; docs/architecture.md).
 * A replayed request with a valid signature inside the clock window is accepted again: making it
 * harmless is the handler's job (idempotency keys on the provider's transaction id).
 */

/** Why a callback was refused before its handler ran. */
export type CallbackRefusal =
  /** A signature header is missing or malformed. */
  | 'unsigned'
  /** No secret is known for the caller the request names. */
  | 'unknown_caller'
  /** The signed timestamp is further from now than the verifier's skew allows. */
  | 'stale_timestamp'
  | 'bad_signature'
  /** Signed correctly, but the body is not what the callback's schema expects. */
  | 'invalid_body';

export type CallbackVerification = { ok: true; callerId: string } | { ok: false; reason: CallbackRefusal };

export interface CallbackVerifier {
  verify(request: FastifyRequest, rawBody: Buffer): Promise<CallbackVerification>;
}

type Secret = string | Buffer;
export type CallerSecret = Secret | readonly Secret[];

export interface HmacVerifierOptions {
  /** Names the caller (its key id), so each caller has its own secret. */
  callerHeader: string;
  /** Unix seconds when the caller signed; part of the signed bytes, so it cannot be swapped. */
  timestampHeader: string;
  /** Hex HMAC-SHA256 over `${timestamp}.` followed by the raw body bytes. */
  signatureHeader: string;
  /** How far the signed timestamp may be from this node's clock, either way. */
  maxSkewSeconds: number;
  /**
   * The caller's secret, or undefined for a caller this gateway does not know. Several secrets (e.g.
   * the new and the previous one while a rotation is in its grace period): any of them signs.
   */
  secretOf(callerId: string): Promise<CallerSecret | undefined> | CallerSecret | undefined;
  /** Milliseconds since the epoch (tests pass a fixed clock). */
  now?: () => number;
}

/** The bytes a caller signs: the timestamp, a dot, then the raw body. */
export const signedBytes = (timestamp: string, rawBody: Buffer): Buffer =>
  Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), rawBody]);

export const hmacSignature = (secret: string | Buffer, timestamp: string, rawBody: Buffer): string =>
  createHmac('sha256', secret).update(signedBytes(timestamp, rawBody)).digest('hex');

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const SIGNATURE = /^[0-9a-f]{64}$/i;
const TIMESTAMP = /^\d{1,12}$/;
/** Signed with when the caller is unknown, so an unknown caller costs the same work as a known one. */
const NO_SECRET = Buffer.alloc(32);

/** HMAC-SHA256 over timestamp and raw body, compared in constant time, with a clock window. */
export function hmacSha256Verifier(options: HmacVerifierOptions): CallbackVerifier {
  const now = options.now ?? Date.now;
  return {
    async verify(request, rawBody) {
      const callerId = header(request, options.callerHeader);
      const timestamp = header(request, options.timestampHeader);
      const signature = header(request, options.signatureHeader);
      if (!callerId || !timestamp || !signature || !TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) {
        return { ok: false, reason: 'unsigned' };
      }
      const secret = await options.secretOf(callerId);
      const secrets: readonly Secret[] =
        secret === undefined
          ? [NO_SECRET]
          : typeof secret === 'string' || Buffer.isBuffer(secret)
            ? [secret]
            : secret;
      const given = Buffer.from(signature, 'hex');
      let matches = false;
      for (const key of secrets.length > 0 ? secrets : [NO_SECRET]) {
        const expected = createHmac('sha256', key).update(signedBytes(timestamp, rawBody)).digest();
        // Every candidate is compared (no early exit), so timing tells nothing about which matched.
        matches = timingSafeEqual(expected, given) || matches;
      }
      if (secret === undefined || secrets.length === 0) return { ok: false, reason: 'unknown_caller' };
      if (!matches) return { ok: false, reason: 'bad_signature' };
      // Checked after the signature, so a forged request never learns the clock window.
      if (Math.abs(now() / 1000 - Number(timestamp)) > options.maxSkewSeconds) {
        return { ok: false, reason: 'stale_timestamp' };
      }
      return { ok: true, callerId };
    },
  };
}

type BodyOf<D extends CallbackDef> = D['body'] extends z.ZodType ? z.output<D['body']> : undefined;

export interface CallbackContext<D extends CallbackDef> {
  /** The caller the verifier proved. */
  callerId: string;
  /** The body exactly as received (an empty Buffer when there was none). */
  rawBody: Buffer;
  /** The JSON body validated by the callback's schema; undefined when the callback declares none. */
  body: BodyOf<D>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a callback's handler answers: sent as-is (objects as JSON, strings as text). */
export type CallbackHandler<D extends CallbackDef> = (ctx: CallbackContext<D>) => Promise<unknown>;

export interface CallbackOptions {
  verifier: CallbackVerifier;
  /**
   * The body of a refusal in the caller's own format. The edge picks the status: 401 for any
   * signature problem, 400 for an invalid body, the parser's 4xx (e.g. 413), or 500 when the
   * handler failed ('failed'; details are logged, never sent).
   */
  refusal: (reason: CallbackRefusal | 'failed', status: number) => unknown;
}

const STATUS: Record<CallbackRefusal, number> = {
  unsigned: 401,
  unknown_caller: 401,
  stale_timestamp: 401,
  bad_signature: 401,
  invalid_body: 400,
};

/**
 * Registers one callback in its own encapsulated scope: a parser that keeps every body as a Buffer,
 * an error handler that answers in the caller's format, the verifier before the handler.
 */
export function registerCallbackRoute<D extends CallbackDef>(
  app: FastifyInstance,
  def: D,
  handler: CallbackHandler<D>,
  options: CallbackOptions,
): void {
  if (def.kind !== 'callback') throw new Error(`${def.id} is not a callback: use registerRoute`);
  if (!def.path.startsWith(`${CALLBACK_PREFIX}/`)) {
    throw new Error(`${def.id}: callback paths live under ${CALLBACK_PREFIX}/`);
  }
  const refuse = (reply: FastifyReply, reason: CallbackRefusal | 'failed', status: number) =>
    reply.code(status).send(options.refusal(reason, status));

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ callback: def.id, reason: error.message }, 'callback refused');
        return refuse(reply, 'invalid_body', status);
      }
      request.log.error({ err: error, callback: def.id }, 'callback failed');
      return refuse(reply, 'failed', 500);
    });
    scope.route({
      method: def.method,
      url: def.path,
      schema: { operationId: def.id, summary: def.summary, tags: def.tags },
      handler: async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verdict = await options.verifier.verify(request, rawBody);
        if (!verdict.ok) {
          request.log.info({ callback: def.id, reason: verdict.reason }, 'callback refused');
          return refuse(reply, verdict.reason, STATUS[verdict.reason]);
        }
        request.callbackCaller = verdict.callerId;
        let body: unknown;
        if (def.body) {
          let json: unknown;
          try {
            json = JSON.parse(rawBody.toString('utf8'));
          } catch {
            return refuse(reply, 'invalid_body', STATUS.invalid_body);
          }
          const parsed = def.body.safeParse(json);
          if (!parsed.success) return refuse(reply, 'invalid_body', STATUS.invalid_body);
          body = parsed.data;
        }
        return handler({
          callerId: verdict.callerId,
          rawBody,
          body: body as BodyOf<D>,
          request,
          reply,
        });
      },
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the verifier proved, once it has (metrics label vendor calls by it). */
    callbackCaller?: string;
  }
}
