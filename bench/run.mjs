// Runs the benchmarks under bench/ in turn; each prints its figure beside its reference.
// `npm run bench` runs them all; `npm run bench -- wallet lobby` only those whose file name starts
// with one of the given names (bench/wallet.mjs, bench/lobby.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter((f) => wanted.length === 0 || wanted.some((name) => f.startsWith(name)))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}; have: ${readdirSync(here).join(', ')}`);
  process.exit(1);
}
// A bench that fails has said why in one line (bench/lib/one-line-failure.mjs); the others still run,
// and the exit code says that one failed.
const failed = [];
for (const file of files) {
  console.log(`\n# ${file}`);
  try {
    execFileSync(process.execPath, [`${here}/${file}`], { stdio: 'inherit' });
  } catch (err) {
    failed.push(`${file} (exit ${err.status ?? err.signal ?? err.code})`);
  }
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
