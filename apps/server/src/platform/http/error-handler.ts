import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ERROR_CATALOGUE,
  ERROR_MESSAGES,
  fail,
  isCatalogueErrorCode,
  retryAfterMessage,
  type ErrorCode,
  type Language,
} from '@banca/contract';
import { AppError } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { isApiPath } from './api-paths.ts';

interface Mapped {
  status: number;
  code: string;
  value: unknown;
  message?: string;
}

/**
 * Codes the edge knows: the contract's one composed catalogue (base, auth, wallet, ...), complete
 * before any route is registered, so no module's errors depend on another module having started
 * first. Any thrown error whose `code` is in it becomes that code's status and PT/EN message, with its
 * `value` passed through: one mechanism for AppError, AuthError, WalletError, EncBodyError and
 * whatever later modules define.
 */
const messageOf = (code: string, lang: Language): string =>
  isCatalogueErrorCode(code) ? ERROR_CATALOGUE.messages[code][lang] : ERROR_MESSAGES.internal_error[lang];

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_input',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** `value.fields: { name: code }`, first problem per field, so a form shows it under the field. */
function fieldErrors(error: FastifyError & { validationContext?: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '_';
    fields[name] ??= issue.keyword;
  }
  return fields;
}

/**
 * PostgreSQL's refusal of text it cannot store: a NUL character (which a JSON string or a URL's %00 can
 * carry) in a text value (22021) or a jsonb string (22P05), on PostgreSQL and PGlite alike. Fields
 * should refuse it in their schemas; this is the net for one that does not: bad input, never a 500, and
 * the failed statement's transaction wrote nothing.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const isUnstorableText = (error: FastifyError): boolean =>
  typeof error.code === 'string' && UNSTORABLE_TEXT.has(error.code) && error.statusCode === undefined;

function mapError(error: FastifyError): Mapped {
  // Domain errors are values with a code (AppError, or any module's error class with a `code` and an
  // optional `value`): the catalogue gives the status and the localised message.
  const domainCode =
    typeof error.code === 'string' && !error.code.startsWith('FST_') ? error.code : undefined;
  if (domainCode && isCatalogueErrorCode(domainCode)) {
    const value = (error as { value?: unknown }).value ?? null;
    const message = error instanceof AppError ? error.overrideMessage : undefined;
    return { status: ERROR_CATALOGUE.status[domainCode], code: domainCode, value, message };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return { status: 400, code: 'invalid_input', value: { fields: fieldErrors(error) } };
  }
  const byCode = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (byCode)
    return {
      status: byCode === 'invalid_json' || byCode === 'invalid_input' ? 400 : (error.statusCode ?? 400),
      code: byCode,
      value: null,
    };
  // A JSON SyntaxError from the body parser carries statusCode 400.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return { status: 400, code: 'invalid_json', value: null };
  if (isUnstorableText(error)) return { status: 400, code: 'invalid_input', value: null };
  const status = error.statusCode ?? 500;
  if (!isResponseSerializationError(error) && status >= 400 && status < 500) {
    return { status, code: STATUS_CODES[status] ?? 'invalid_input', value: null };
  }
  return { status: 500, code: 'internal_error', value: null };
}

const retryAfterOf = (value: unknown): number | undefined => {
  const seconds = (value as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
};

export function sendError(request: FastifyRequest, reply: FastifyReply, mapped: Mapped): FastifyReply {
  const lang = requestLanguage(request);
  const retryAfter = mapped.status === 429 ? retryAfterOf(mapped.value) : undefined;
  const message =
    mapped.message ??
    (mapped.code === 'too_many_requests' && retryAfter !== undefined
      ? retryAfterMessage(retryAfter, lang)
      : messageOf(mapped.code, lang));
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply
    .code(mapped.status)
    .type('application/json; charset=utf-8')
    .send(fail(mapped.code, message, mapped.value));
}

export const sendErrorCode = (
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  value: unknown = null,
) => sendError(request, reply, { status: new AppError(code).status, code, value });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerRoute on calls the contract marks enc. */
    enc?: boolean;
  }
}

/** An enc call sent a media type the gateway has no parser for (text/plain, text/csv...): the client
 *  skipped encryption, so it hears enc_required like a plain JSON body would, not a bare 415. */
function encRequiredIfEncRoute(request: FastifyRequest, mapped: Mapped): Mapped {
  if (mapped.code !== 'unsupported_media_type' || request.routeOptions.config.enc !== true) return mapped;
  return { status: 400, code: 'enc_required', value: null };
}

export type HtmlFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

export interface ErrorHandlingOptions {
  /** Answers a GET that wants HTML on a non-API path (the SPA's history fallback). */
  htmlFallback?: HtmlFallback;
}

const wantsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

/**
 * The only error handler and not-found handler: every failure becomes the envelope with its HTTP
 * status. 5xx details are logged (with the request id, via the request logger) and never sent.
 */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = encRequiredIfEncRoute(request, mapError(error));
    // A deliberate 503 (maintenance) is a state, not a fault: only unexpected 5xx are errors.
    if (mapped.status >= 500 && mapped.code !== 'system_maintenance')
      request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, reason: error.message }, 'request refused');
    return sendError(request, reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiPath(request.url) && wantsHtml(request) && options.htmlFallback) {
      return options.htmlFallback(request, reply);
    }
    return sendError(request, reply, { status: 404, code: 'not_found', value: null });
  });
}
