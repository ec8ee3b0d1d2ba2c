import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers the contract, the server (integration over real HTTP on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set) and the web unit tests. e2e runs separately (e2e/run.mjs).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/house-games',
      'apps/server',
      'apps/server/vitest.long-transactions.config.ts',
      'apps/web',
    ],
  },
});
