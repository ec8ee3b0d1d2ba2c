/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.BANCA_GATEWAY ?? 'http://localhost:8080';
/** Modules that load on demand (modals, secondary pages, the other language): never in the shell chunk. */
const ON_DEMAND =
  /[\\/](features[\\/]auth[\\/](?!index|actions)|features[\\/](content|games|engagement|member-centre|agent-centre)[\\/](components|api)|features[\\/]wallet[\\/]|api[\\/]enc|features[\\/]lobby[\\/]components[\\/](?!HomePage|SectionHead)|features[\\/]system[\\/](customer-service|components[\\/](Maintenance|Blocked|Support|support))|i18n[\\/](en[\\/]|pt[\\/]more)|ui[\\/](Modal|Tabs|Pagination|Skeleton|MessageDialog|BrandIcon|CentreLayout|scroll-strip)|app[\\/]layouts[\\/](Footer|AppDownload|AgentLayout|GameLayout)|app[\\/]routes|config[\\/]enums)/;
const proxied = ['/wps', '/lgw', '/ops', '/docs', '/healthz'];

export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
            // The shell's own shared modules in one chunk too; on-demand code stays in its own chunks.
            {
              name: 'shell',
              test: (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) && !ON_DEMAND.test(id),
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
  },
}));
