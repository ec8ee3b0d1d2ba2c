import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS library loaded at its first use instead of at start-up: for libraries only some requests
 * need (captcha images, rich-text cleaning, QR codes, catalogue files). Loading every library before
 * listening cost a production node's cold start about 0.1 s of its 1.5 s budget (docs/benchmarks.md,
 * wallet, sixth session). Synchronous, so their callers stay as they are; the first caller pays the load.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
