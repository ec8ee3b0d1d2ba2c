import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_TRANSACTION_TESTS } from './vitest.server-files.ts';

/**
 * Server integration tests over real HTTP. Each file opens its own database (PGlite in memory, or a
 * fresh schema on TEST_DATABASE_URL); PGlite needs 300-800 MB per instance, so at most 2 workers.
 */
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Run in their own project, before this one (vitest.long-transactions.config.ts).
    exclude: [...configDefaults.exclude, ...LONG_TRANSACTION_TESTS],
    environment: 'node',
    // One migrated PGlite saved once; each file's database starts from it (see the file).
    globalSetup: ['src/test/pglite-template.global-setup.ts'],
    pool: 'forks',
    // Files share their worker's module cache: every file builds its own app and database, so no
    // state is shared through modules, and the suite stops re-importing the whole server per file
    // (import time went from 112 s to 11 s, the suite from 313 s to 164 s on two cores).
    isolate: false,
    // Three were tried on PostgreSQL: 374 s by hand, but 473 s in a CI run against 482 s on two (the
    // files' own times grew by 40 %: the two cores, not the waits, bound it). Kept at two.
    maxWorkers: 2,
    // Vitest runs projects with their own worker limits in separate groups.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
