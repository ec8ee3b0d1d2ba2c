// Unit and integration tests: the whole Vitest suite on the embedded database (PGlite), then, when
// TEST_DATABASE_URL is set, the server suite again on that PostgreSQL server (a schema per test file).
import { spawnSync } from 'node:child_process';

const run = (args, env) => {
  const { status } = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
};

const { TEST_DATABASE_URL, ...embedded } = process.env;
console.log('\n# Vitest on PGlite (embedded)');
run([], embedded);
if (TEST_DATABASE_URL) {
  console.log(`\n# Server suite on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
  run(['--project', 'server'], process.env);
}
