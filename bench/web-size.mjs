// bench/web-size: builds the web app and prints the gzip bytes of the JS and CSS that the home route
// loads at first paint (the scripts, module preloads and stylesheets index.html references, plus the
// static imports they pull), beside the budget of 120 KB of JS. Lazy chunks are listed apart.
import { execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const JS_BUDGET = 120 * 1024;

if (!process.argv.includes('--no-build')) {
  execSync('npm run build -w @banca/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);

// Follow static `import ... from "./x.js"` edges: the browser fetches those before first paint too.
const firstPaint = new Set();
const visit = (file) => {
  if (firstPaint.has(file)) return;
  firstPaint.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    visit(join(dirname(file), m[1]));
  }
};
refs.forEach(visit);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let js = 0;
let css = 0;
const rows = [];
for (const file of firstPaint) {
  const size = gz(file);
  if (file.endsWith('.js')) js += size;
  else css += size;
  rows.push([file, size]);
}
const lazy = readdirSync(join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => /\.(js|css)$/.test(f) && !firstPaint.has(f));
const lazyBytes = lazy.reduce((sum, f) => sum + gz(f), 0);

console.log('bench/web-size — home route, first paint (gzip -9)');
for (const [file, size] of rows.sort((a, b) => b[1] - a[1]))
  console.log(`  ${kb(size).padStart(9)}  ${file}`);
console.log(
  `  JS  ${kb(js).padStart(9)}   budget ${kb(JS_BUDGET)}   ${js <= JS_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`  CSS ${kb(css).padStart(9)}`);
console.log(`  lazy chunks: ${lazy.length} files, ${kb(lazyBytes)} gzip, loaded on demand`);
