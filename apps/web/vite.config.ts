/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-tools/precompress.ts';
import { preloadChunks } from './build-tools/preload-chunks.ts';

const gateway = process.env.BANCA_GATEWAY ?? 'http://localhost:8080';
/** Modules that load on demand (modals, secondary pages, the other language): never in the shell chunk. */
const ON_DEMAND =
  /[\\/](features[\\/]auth[\\/](?!index|actions)|features[\\/](content|games|engagement|member-centre|agent-centre)[\\/](components|api)|features[\\/]contracts[\\/](?!index)|features[\\/]house[\\/](?!index)|features[\\/]records[\\/]|features[\\/]messages[\\/]|features[\\/]feedback[\\/]|features[\\/]wallet[\\/]|api[\\/]enc|features[\\/]lobby[\\/](?!index|components[\\/]HomePage\.)|features[\\/]system[\\/](customer-service|components[\\/](Maintenance|Blocked|Support|support))|i18n[\\/](en[\\/]|pt[\\/](?!core))|lib[\\/]|ui[\\/](form|records|Modal|Tabs|Pagination|Skeleton|MessageDialog|BrandIcon|CentreLayout|scroll-strip|ComingSoon|FullIcon)|app[\\/]layouts[\\/](Footer|AppDownload|AgentLayout|GameLayout)|app[\\/]routes|config[\\/]enums)/;
/** The home lobby's first visit (bench/web): HomeLobby and what it loads at once; Embla stays apart. */
const HOME =
  /[\\/](apps[\\/]web[\\/]src[\\/](features[\\/]lobby[\\/](components[\\/](HomeLobby|BannerSlides|HomeSections|SectionHead|WinnerBoard|GameTile|VendorTile|LazyImage)\.|api[\\/]|model[\\/]|hooks[\\/]|lobby-data)|lib[\\/](money|locale|throttle)\.|ui[\\/]Skeleton)|packages[\\/]contract[\\/]src[\\/](content|games)[\\/][\w-]+\.calls|@tanstack[\\/]react-query[\\/].*[\\/]infiniteQueryOptions\.js$)/;
const proxied = ['/wps', '/lgw', '/ops', '/docs', '/healthz'];

export default defineConfig(({ mode }) => ({
  // Brotli and gzip copies of every asset, served as they are by the gateway (preCompressed).
  // The home lobby's chunk is fetched beside the shell, not after it (preload-chunks.ts).
  plugins: [react(), preloadChunks(['home']), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router 7's export map points every condition at its development build (dev warnings and
      // checks, ~3 KB gzip more); production builds take the production build it also ships.
      ...(mode === 'production'
        ? {
            'react-router': fileURLToPath(
              new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: gateway, changeOrigin: true }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: gateway, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    // Every browser the es2022 target runs in knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The first route's JS is budgeted (issue 2, item 10): keep the entry honest, split the rest.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query in one chunk: the first route needs them all, and one
        // chunk compresses better than the small shared ones automatic splitting makes.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Mutations are the forms' and infinite queries the game lists' (on demand): their observers
              // stay out of the first route.
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/.test(
                  id,
                ) &&
                !/[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryBehavior|infiniteQueryOptions)\.js$/.test(
                  id,
                ),
            },
            // The shell's own shared modules in one chunk too; on-demand code stays in its own chunks.
            {
              name: 'shell',
              test: (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) && !ON_DEMAND.test(id),
            },
            // The home lobby's first-visit modules (its frame, sections, tiles and their calls) in one
            // chunk: fetched together right after the shell, they compressed worse and chained more
            // round trips as the dozen small chunks automatic splitting made of them.
            {
              name: 'home',
              test: (id: string) => HOME.test(id),
              // Only the modules named: their dependencies (the wallet barrel a tile's money format sits
              // in, the shell) stay where they are, loaded when used.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // After-hooks in the order written: the setup's cleanup (unmount, then the unmocked-request check)
    // runs before a test file's own afterEach removes its fetch stub (src/test/setup.ts).
    sequence: { hooks: 'list' },
    // A bound for a stuck test, not a speed requirement: tests wait for states, and on a busy machine
    // transforming a lazily loaded route for the first time can take seconds.
    testTimeout: 30_000,
  },
}));
