import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, ok, type RouteDef } from '@banca/contract';
import { decryptJwe } from '../crypto/jwe.ts';
import { answerEncoding, encodeAnswer, type AnswerEncoding } from './compression.ts';
import { JOSE_CONTENT_TYPE, readEncBody } from '../crypto/enc-body.ts';
import type { ServerKey } from '../crypto/server-keys.ts';
import {
  authOf,
  authReadOf,
  routeAuthHook,
  type AuthRead,
  type AuthRequirements,
  type RouteAuth,
} from './route-auth.ts';

/** The validated input; `undefined` when the call has no such schema. */
type Parsed<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface RouteContext<D extends RouteDef> {
  /** Path parameters, validated by the call's params schema. */
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: Parsed<D['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller of a 'token' call (throws not_logged_in if read on a route that checked no token). */
  readonly auth: RouteAuth;
  /** The caller of an 'optional' call, or null when anonymous. */
  readonly maybeAuth: RouteAuth | null;
  /** What the route's `authRead` read in the token check's statement (RouteOptions.authRead). */
  authRead<T>(read: AuthRead<T>): T;
  /** The request's name among the route's kept answers (RouteOptions.keptAnswers), when it has one. */
  answerKey: string | undefined;
}

/**
 * A whole success envelope, already checked against the call's response schema and serialised: what
 * a handler returns to answer from a cache without validating and serialising the same value again
 * on every request (the lobby's catalogue lists). Built only by serializeEnvelope.
 */
export class SerializedEnvelope {
  /** The answer compressed, per encoding, once: a cached answer goes to many browsers. */
  private readonly encoded = new Map<AnswerEncoding, Buffer>();
  private constructor(readonly json: string) {}

  /** The JSON compressed with `encoding`, the first time asked; the same bytes after. */
  encodedAs(encoding: AnswerEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encodeAnswer(this.json, encoding);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** @internal for serializeEnvelope and spliceEnvelopeList */
  static of(json: string): SerializedEnvelope {
    return new SerializedEnvelope(json);
  }
}

/** Checks `value` against the call's envelope schema (as the route's serializer would) and serialises it once. */
export function serializeEnvelope<D extends RouteDef>(
  def: D,
  value: z.output<D['response']>,
): SerializedEnvelope {
  return SerializedEnvelope.of(JSON.stringify(envelopeSchema(def.response).parse(ok(value))));
}

/**
 * An envelope made by serializeEnvelope with an empty list at `key` (the value's first key), with
 * that list's items put in as JSON text: for answers whose items were each checked against the
 * item schema and serialised once, and are shared by many answers (the lobby's catalogue snapshot).
 * The text is what serializeEnvelope would give for the whole value.
 */
export function spliceEnvelopeList(
  envelope: SerializedEnvelope,
  key: string,
  items: readonly string[],
): SerializedEnvelope {
  const empty = `"value":{${JSON.stringify(key)}:[]`;
  const at = envelope.json.indexOf(empty);
  if (at < 0) throw new Error(`the envelope's value does not start with an empty ${key}`);
  const head = at + empty.length - 1;
  return SerializedEnvelope.of(
    `${envelope.json.slice(0, head)}${items.join(',')}${envelope.json.slice(head)}`,
  );
}

export type RouteHandler<D extends RouteDef> = (
  ctx: RouteContext<D>,
) => Promise<z.output<D['response']> | SerializedEnvelope>;

export interface RouteOptions extends AuthRequirements {
  /** Runs after the token check of 'token' / 'optional' calls. */
  onRequest?: onRequestHookHandler;
  /** A 'token' call's first read, done in the token check's statement (one round trip): see AuthRead. */
  authRead?: AuthRead<unknown>;
  /** Needed for enc routes: the key that opens their JWE bodies. */
  serverKey?: ServerKey;
  /** This route's body limit in bytes when it must differ from the app's (e.g. an uploaded image). */
  bodyLimit?: number;
  /**
   * Every answer of this route (errors included) is far below the compression threshold
   * (COMPRESS_THRESHOLD, compression.ts), so it never would be compressed: the compression plugin's
   * per-request hooks are left off the route. For the hottest small reads (the balance).
   */
  smallAnswers?: boolean;
  /**
   * Answers kept by the request as sent, for calls whose answer is the same for everyone who sends the
   * same thing (the lobby's game list). `key` names the request before its body is checked (the body
   * or query as sent, and every header the answer depends on), or gives undefined to leave it out;
   * when `kept` has a finished answer under that name it is sent at once, and the check and the
   * handler are skipped: the same request was checked when that answer was made. Otherwise the handler
   * runs as usual and gets the name as `answerKey`, to keep its answer under it.
   */
  keptAnswers?: {
    key(request: FastifyRequest): string | undefined;
    kept(key: string): SerializedEnvelope | undefined;
  };
}

/** Requests' names among their route's kept answers (RouteOptions.keptAnswers), from the hook to the handler. */
const answerKeys = new WeakMap<FastifyRequest, string>();

/** Sends a serialised envelope, compressed once per encoding and kept with it. */
function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: SerializedEnvelope,
): FastifyReply {
  // A string payload with a JSON content type skips the route's serializer: it was checked once.
  reply.type('application/json; charset=utf-8');
  // Compressed once and kept with the answer, rather than by the compression plugin on every send
  // (which leaves an answer that already has its Content-Encoding as it is).
  const encoding = answerEncoding(request, envelope.json);
  if (!encoding) return reply.send(envelope.json as never);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(envelope.encodedAs(encoding) as never);
}

/**
 * Before the body's check: answers from the route's kept answers when the same request made one.
 * Callback style, so a miss (most varied requests) costs no promise; an early answer is sent without
 * calling done, as Fastify's hooks allow.
 */
const keptAnswerHook =
  (keptAnswers: NonNullable<RouteOptions['keptAnswers']>): preValidationHookHandler =>
  (request, reply, done) => {
    const key = keptAnswers.key(request);
    if (key !== undefined) {
      const kept = keptAnswers.kept(key);
      if (kept) {
        sendEnvelope(request, reply, kept);
        return;
      }
      answerKeys.set(request, key);
    }
    done();
  };

export { JOSE_CONTENT_TYPE };

/** Opens the JWE body of an enc call before schema validation, so the body schema checks the plaintext.
 *  EncBodyError carries enc_required / enc_invalid, which the error handler turns into the envelope. */
const decryptBody =
  (serverKey: ServerKey): preValidationHookHandler =>
  async (request) => {
    request.body = await readEncBody({
      decrypt: (compact) => decryptJwe(compact, serverKey.privateKey),
      body: request.body,
      contentType: request.headers['content-type'],
    });
  };

/**
 * Registers one contract call: method and path, query/body validation with the contract's zod schemas,
 * the response wrapped in the envelope (and checked against the schema on the way out), and its
 * OpenAPI entry. Handlers return only the envelope's `value`.
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
): void {
  if (def.enc && !options.serverKey) throw new Error(`${def.id} is enc: pass serverKey`);
  if (def.redirect) throw new Error(`${def.id} answers a redirect: use registerRedirectRoute`);
  const { requireRealAccount, requireAgent } = options;
  if ((requireRealAccount || requireAgent) && def.auth !== 'token' && def.auth !== 'optional') {
    throw new Error(`${def.id}: role requirements need auth 'token' or 'optional'`);
  }
  const onRequest: onRequestHookHandler[] = [];
  if (def.auth === 'token' || def.auth === 'optional') {
    onRequest.push(routeAuthHook(app, def.auth, { requireRealAccount, requireAgent }, options.authRead));
  } else if (options.authRead) {
    throw new Error(`${def.id}: authRead needs auth 'token'`);
  }
  if (options.onRequest) onRequest.push(options.onRequest);
  if (options.keptAnswers && def.enc)
    throw new Error(`${def.id}: an enc call's body is not its request as sent`);
  const preValidation: preValidationHookHandler[] = [];
  if (def.enc && options.serverKey) preValidation.push(decryptBody(options.serverKey));
  if (options.keptAnswers) preValidation.push(keptAnswerHook(options.keptAnswers));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.enc
        ? { consumes: [JOSE_CONTENT_TYPE] }
        : def.form
          ? { consumes: ['application/x-www-form-urlencoded'] }
          : {}),
      ...(def.auth === 'operator' || def.auth === 'token' ? { security: [{ bearer: [] }] } : {}),
      response: { 200: envelopeSchema(def.response), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    // Read by the error handler: a body Fastify cannot parse at all is still "not enc" on an enc call.
    config: { enc: def.enc === true },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.smallAnswers ? { compress: false as const } : {}),
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(preValidation.length > 0 ? { preValidation } : {}),
    handler: async (request, reply) => {
      const value = await handler({
        params: request.params as Parsed<D['params']>,
        query: request.query as Parsed<D['query']>,
        body: request.body as Parsed<D['body']>,
        request,
        reply,
        get auth() {
          return authOf(request);
        },
        get maybeAuth() {
          return request.routeAuth;
        },
        authRead: (read) => authReadOf(request, read),
        answerKey: answerKeys.get(request),
      });
      if (value instanceof SerializedEnvelope) return sendEnvelope(request, reply, value);
      return ok(value);
    },
  });
}

/** What a redirect call's handler works with: no token, no body, no envelope. */
export interface RedirectContext<D extends RouteDef> {
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a contract call marked `redirect` (a browser navigation such as social sign-in): the same
 * params/query validation and OpenAPI entry as registerRoute, but the handler returns a Location and
 * the answer is 302 Found with no body. A thrown error still becomes the error envelope.
 */
export function registerRedirectRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (ctx: RedirectContext<D>) => Promise<string>,
): void {
  if (!def.redirect) throw new Error(`${def.id} is not a redirect call: use registerRoute`);
  if (def.auth !== 'none' || def.enc || def.body) {
    throw new Error(`${def.id}: redirect calls take no token and no body`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const location = await handler({
        params: request.params as Parsed<D['params']>,
        query: request.query as Parsed<D['query']>,
        request,
        reply,
      });
      return reply.redirect(location, 302);
    },
  });
}
