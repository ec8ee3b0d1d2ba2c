// Unit and integration tests: one Vitest run of every project. The server suite runs on the
// PostgreSQL server of TEST_DATABASE_URL when it is set (a schema per test file), else on the embedded
// database (PGlite). CI sets it: there the embedded engine is proven by the whole e2e suite, which
// runs on PGlite (scripts/test-e2e.mjs), and running the server suite on both engines cost CI about
// three and a half minutes for no rule that only one engine could break (docs/architecture.md, "Tests
// and CI").
import { spawnSync } from 'node:child_process';

const { TEST_DATABASE_URL } = process.env;
console.log(
  TEST_DATABASE_URL
    ? `\n# Vitest, the server suite on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`
    : '\n# Vitest, the server suite on PGlite (embedded)',
);
const { status } = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: process.env });
process.exit(status ?? 1);
