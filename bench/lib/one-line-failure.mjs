// Shared bench helper (not a benchmark), imported first by every bench: a failure (a run that errors,
// a gateway that does not start, a tool that is missing) ends the bench with one line naming the
// reason and exit code 1, not a stack trace. By then the benches' `finally` blocks have run (child
// gateways stopped, throw-away databases dropped). BENCH_STACK=1 prints the stack as well.
import { basename } from 'node:path';

const bench = basename(process.argv[1] ?? 'bench', '.mjs');

process.on('uncaughtException', (err) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`${bench} bench failed: ${message.split('\n')[0]}`);
  if (process.env.BENCH_STACK) console.error(err);
  process.exit(1);
});
