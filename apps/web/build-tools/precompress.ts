import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches from dist/ as it is (index.html is served by the gateway, filled per request). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of
 * the build, once, at build time: the gateway's static plugin (preCompressed) picks the one the
 * browser accepts, so no request pays for compression and brotli gets its slowest, smallest setting.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'banca:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        if ((await stat(file)).size < MIN_BYTES) continue;
        jobs.push(
          (async () => {
            const source = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
