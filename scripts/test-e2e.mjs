// e2e: the whole Playwright suite on the embedded database (PGlite), then, when TEST_DATABASE_URL is
// set, the account journeys again on that PostgreSQL server (a throwaway database created and dropped
// by e2e/run.mjs, which is handed the URL as E2E_DATABASE_URL), so sign-up, login, captcha, passwords,
// free play and the agent login are proven on both engines in the browser. Neither run sees
// TEST_DATABASE_URL itself, and an E2E_DATABASE_URL already in the environment is dropped, so the
// first run is always on PGlite. Both runs serve
// the compiled gateway of `npm run build` (apps/server/dist), as production runs it; `npm run
// test:e2e` builds before this script runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The account journeys (sign-up in both modes, captcha, password change and recovery, free play, the
 * agent login): the browser's proof that a fresh PostgreSQL database serves the app as PGlite does.
 * The server suite runs on one engine per run (PostgreSQL where TEST_DATABASE_URL is set, as in CI;
 * scripts/test-unit.mjs), so PGlite's proof in CI is the whole e2e suite, and PostgreSQL's is the
 * server suite plus these journeys; repeating more browser journeys here only cost CI time (the SMS
 * login, new-IP and social specs added three minutes). A listed file that does not exist is left out;
 * if none existed, the second run would get no filter and run every spec.
 */
const ON_POSTGRES = ['e2e/tests/accounts.spec.ts'];

const run = (args, env) => {
  const { status } = spawnSync(process.execPath, ['e2e/run.mjs', ...args], { stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
};

const { TEST_DATABASE_URL, E2E_DATABASE_URL: _ignored, ...embedded } = process.env;
console.log('\n# e2e on PGlite (embedded)');
run([], embedded);
if (TEST_DATABASE_URL) {
  console.log(`\n# account journeys on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
  // Playwright takes these as filters relative to its test folder.
  const specs = ON_POSTGRES.filter((f) => existsSync(f)).map((f) => f.replace('e2e/tests/', 'tests/'));
  // Results of its own: Playwright empties its output folder at start, which would drop the first
  // run's failure traces.
  run(specs, {
    ...embedded,
    E2E_DATABASE_URL: TEST_DATABASE_URL,
    E2E_OUTPUT_DIR: resolve('e2e/.artifacts/results-postgres'),
  });
}
