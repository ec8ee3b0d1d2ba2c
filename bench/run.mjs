// Runs every benchmark under bench/ in turn; each prints its figure beside its reference.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  console.log(`\n# ${file}`);
  execFileSync(process.execPath, [`${here}/${file}`], { stdio: 'inherit' });
}
