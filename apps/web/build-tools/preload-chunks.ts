import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for the named chunks (vite.config.ts's manual
 * groups). Vite preloads only what the entry imports statically; the home lobby's chunk is imported
 * on demand (it is not every route's), so without this the browser learns of it only after the
 * shell has run, one round trip later, on the path to the first paint. The lobby pages share its
 * query options too, so every route's first visit can use it.
 */
export function preloadChunks(names: readonly string[]): Plugin {
  return {
    name: 'banca:preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return Object.values(bundle)
          .filter((output) => output.type === 'chunk' && !output.isEntry && names.includes(output.name))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
