// `npm start`: builds the site and the gateway, then runs the compiled gateway in this process with
// plain node (PORT 8080; the embedded database and the demo content unless configured otherwise).
// Under NODE_ENV=production it does not build: a production install has no build tools (they are dev
// dependencies), so it runs what `npm run build` made beforehand, and says so if there is none.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gateway = resolve(root, 'apps/server/dist/main.js');

if (process.env.NODE_ENV !== 'production') {
  const { status } = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
} else if (!existsSync(gateway)) {
  console.error(
    'No compiled gateway (apps/server/dist): run `npm run build` first, where dev dependencies are installed.',
  );
  process.exit(1);
}
await import(pathToFileURL(gateway).href);
