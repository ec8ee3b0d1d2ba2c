import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
