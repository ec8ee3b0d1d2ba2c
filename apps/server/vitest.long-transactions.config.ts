import { defineConfig } from 'vitest/config';
import { LONG_TRANSACTION_TESTS } from './vitest.server-files.ts';

/**
 * The server test files that hold a transaction open for tens of seconds on purpose (the two-node
 * settlement test keeps an uncommitted claim while it kills a node). On a shared PostgreSQL server that
 * open transaction holds back every other session's event horizon (xmin is cluster-wide), so other
 * files' dispatchers could not deliver committed events until it ended: the dispatcher's loop test
 * timed out in CI behind a 30 s hold. These files run in Vitest's first group, beside the contract,
 * house-games and web projects, which never open a database; the server project runs after them.
 */
export default defineConfig({
  test: {
    name: 'server-long-transactions',
    include: [...LONG_TRANSACTION_TESTS],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
