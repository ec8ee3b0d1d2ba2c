// Development: the gateway with reload on PORT (8080) and the Vite dev server on 5173, which proxies
// the API to the gateway. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@banca/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@banca/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) stop();
  });
