import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Text worth compressing. Never an event stream: zlib holds bytes back until its buffer fills, so a
 * compressed SSE stream would deliver events late or not at all.
 */
export const isCompressible = (contentType: string): boolean => {
  // Asked on every answer, with a handful of distinct content types: remembered (bounded).
  let known = compressibleByType.get(contentType);
  if (known === undefined) {
    known = compressibleType(contentType);
    if (compressibleByType.size < 64) compressibleByType.set(contentType, known);
  }
  return known;
};

const compressibleByType = new Map<string, boolean>();

const compressibleType = (contentType: string): boolean => {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /^application\/(?:[\w.-]+\+)?(?:json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
};

/**
 * Compresses answers (brotli or gzip, as the client accepts; `Vary: Accept-Encoding`) above the
 * threshold: API envelopes and index.html. Built assets arrive already compressed from the static
 * plugin (preCompressed, spa.ts) and are passed through untouched. Registered before any route: the
 * plugin hooks routes as they are added. Request bodies are never decompressed (no route needs it,
 * and a compressed body would slip past the body limit).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: isCompressible,
  });
}

export type AnswerEncoding = 'br' | 'gzip';

// The plugin's own choices: brotli first, then gzip; its brotli quality (4) and gzip's default level.
const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: ['br', 'gzip'], cache: new Map() });
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding the plugin would pick for this request (none for an answer below the threshold, a
 * client that accepts neither, or an `x-no-compression` request): for answers kept already encoded.
 */
export function answerEncoding(request: FastifyRequest, text: string): AnswerEncoding | null {
  // UTF-8 takes at least a byte a character: only a short text needs counting.
  const small = text.length < COMPRESS_THRESHOLD && Buffer.byteLength(text) < COMPRESS_THRESHOLD;
  if (small || request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  // As the plugin reads it: no-preference (`*`) and x-gzip count as gzip.
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
}

/** `text` compressed as the plugin would (brotli quality 4, gzip's default level). */
export const encodeAnswer = (text: string, encoding: AnswerEncoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text);
