import { defineConfig } from 'vitest/config';

/**
 * Server integration tests over real HTTP. Each file opens its own database (PGlite in memory, or a
 * fresh schema on TEST_DATABASE_URL); PGlite needs 300-800 MB per instance, so at most 2 workers.
 */
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Vitest runs projects with their own worker limits in separate groups.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
