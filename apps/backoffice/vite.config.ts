import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// One pre-compression step for both apps' builds (the member site's).
import { precompress } from '../web/build-tools/precompress.ts';

const gateway = process.env.BANCA_GATEWAY ?? 'http://localhost:8080';

/**
 * The operators' app: its own build, served by the gateway under /backoffice (base), so no member
 * page ever loads its code. Design tokens come from the member site's one token file (one source of
 * values, imported, never copied): see src/theme/app.css.
 */
export default defineConfig(({ mode }) => ({
  base: '/backoffice/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router 7's export map points every condition at its development build.
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
    port: 5174,
    proxy: { '/ops': { target: gateway, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
}));
