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
    brotliOptions: BROTLI_OPTIONS,
  });
}

export type AnswerEncoding = 'br' | 'gzip';

// The plugin's own choice: brotli first, then gzip.
const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: ['br', 'gzip'], cache: new Map() });

/**
 * Brotli quality 2 for every answer compressed as it goes out (the plugin's and encodeAnswer's): on
 * the lobby's uncached list answers (3.8 KB of JSON on average) quality 2 costs about half of the
 * plugin's default 4 (30 against 51-60 µs) for 5 % more bytes (498 against 472); quality 3 costs 37
 * µs and 1 % (docs/benchmarks.md, lobby, fifth session). gzip (clients without brotli) keeps zlib's
 * default level 6 (41 µs, 480 bytes there).
 */
const BROTLI_QUALITY = 2;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

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

/**
 * `text` compressed as the plugin would (BROTLI_OPTIONS, gzip's default level); brotli is told the
 * size, so it sizes its window and buffers to the text (10-15 % less CPU on a few KB).
 */
export const encodeAnswer = (text: string, encoding: AnswerEncoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      })
    : gzipSync(text);
