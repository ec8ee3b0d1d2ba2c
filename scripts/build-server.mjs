// The production build of the gateway: every TypeScript module the server's entry points reach (its
// own and the workspace packages it imports) compiled to JavaScript, so that NODE_ENV=production runs
// it with plain `node` and no TypeScript loader or build tool at run time.
//
// Layout: each entry point apps/server/src/x.ts -> apps/server/dist/x.js, the server's modules bundled
// into them (code shared between entry points in chunks beside them, dist/chunk-*.js). A module's
// `import.meta.url` becomes the URL its own file would have had at dist/<its path under src>.js, so the
// paths it takes from there (the repository root, apps/server/static) and the data files it reads beside
// itself (`**/*.sql`, copied to the same place under dist) stay where they were. The workspace packages
// (whose package.json exports point at their TypeScript) are bundled per export into
// packages/<p>/dist/<export>.js, and the pure-JavaScript libraries into apps/server/dist/vendor (step 2
// says why); imports of them are rewritten to those files. Other packages from node_modules stay
// imports, and the build fails when one of them is not a runtime dependency (a devDependency would be
// missing from a production install).
//
// Usage: node scripts/build-server.mjs   (part of `npm run build`)
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

/** The processes an operator runs: the gateway and its two command-line tools. */
const ENTRY_POINTS = [
  'apps/server/src/main.ts',
  'apps/server/src/catalogue-import-cli.ts',
  'apps/server/src/reports-rebuild-cli.ts',
  'apps/server/src/vendor-conformance-cli.ts',
];
/** Workspace folders compiled (src -> dist) and the packages among them, by name. */
const WORKSPACES = ['apps/server', 'packages/contract', 'packages/house-games'];
/** Files read from disk beside their module at run time: copied from src to dist. */
const DATA_FILE = /\.sql$/;

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const toPosix = (p) => p.split(sep).join('/');

/** @banca/contract/routes -> absolute path of its compiled file, from the package's exports map. */
const packageTargets = new Map();
/** Bare packages the compiled code may import: the runtime dependencies of the compiled workspaces. */
const runtimeDependencies = new Set();
for (const workspace of WORKSPACES) {
  const pkg = readJson(`${workspace}/package.json`);
  for (const name of Object.keys(pkg.dependencies ?? {})) runtimeDependencies.add(name);
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const source = typeof target === 'string' ? target : target.default;
    const compiled = source.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js');
    packageTargets.set(join(pkg.name, subpath), resolve(root, workspace, compiled));
  }
}
const workspaceOf = (file) => WORKSPACES.find((w) => file.startsWith(resolve(root, w, 'src') + sep));
const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);

// 1. Which modules the entry points reach (static and literal dynamic imports), through the
// workspace packages; everything else stays outside.
const graph = await build({
  entryPoints: ENTRY_POINTS.map((e) => join(root, e)),
  bundle: true,
  write: false,
  outdir: join(root, 'dist-graph'), // required with several entries; nothing is written
  metafile: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'silent',
  plugins: [
    {
      name: 'outside-workspace',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@banca/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const modules = Object.keys(graph.metafile.inputs).map((p) => resolve(root, p));
const outside = modules.filter((m) => !workspaceOf(m));
if (outside.length > 0) throw new Error(`modules outside the compiled workspaces: ${outside.join(', ')}`);
const undeclared = new Set();
for (const input of Object.values(graph.metafile.inputs))
  for (const { path, external } of input.imports)
    if (external && !isBuiltin(path) && !runtimeDependencies.has(packageName(path)))
      undeclared.add(packageName(path));
if (undeclared.size > 0)
  throw new Error(`imported at run time but not a runtime dependency: ${[...undeclared].join(', ')}`);

// 2. The output, bundled because a production start spends most of its time loading modules, and
// each file costs a resolution, a read and a compile of its own: the server's ~480 modules into its
// entry points; each workspace package from its exports (one file per export, shared code in chunks);
// and the pure-JavaScript libraries with everything they import (fastify alone is about 60 packages,
// kysely 262 modules) under apps/server/dist/vendor, one file per library and shared code in chunks.
// Bundling kysely and zod took a start's module loading from about 1.2 s to well under half; bundling
// the rest and the server's own modules took the cold start down by a further quarter (docs/benchmarks.md,
// eleventh session). Every import of a bundled library, from anywhere in the build, names the same
// bundled file: one instance each.
const SERVER = 'apps/server';
const VENDOR_DIR = resolve(root, SERVER, 'dist/vendor');
/**
 * Libraries the server imports that are bundled into the build, with the packages they import in turn.
 * A library that another bundled library imports is listed too (fastify-type-provider-zod and zod),
 * so that the server's import and the library's name the same bundled file.
 */
const BUNDLED_LIBRARIES = new Set([
  'kysely',
  'zod',
  'fastify-type-provider-zod',
  'jose',
  'openid-client',
  'oauth4webapi',
  'fastify',
  '@fastify/error',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/formbody',
  '@fastify/accept-negotiator',
  'pg',
  'ioredis',
  'prom-client',
  'helmet',
  'rate-limiter-flexible',
  'otpauth',
  'dataloader',
  'close-with-grace',
  'ipaddr.js',
]);
/**
 * Packages that stay in node_modules, also when a bundled library imports them: native addons and
 * WebAssembly (@node-rs/argon2, pg's optional pg-native, PGlite), libraries that read their own files
 * or start workers by path at run time (pino's transports, the API docs' assets), and @fastify/static,
 * which the API docs' plugin imports from node_modules, so that one copy of it loads.
 */
const KEEP_EXTERNAL = new Set([
  '@node-rs/argon2',
  'pg-native',
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
]);
const isBundledLibrary = (specifier) => BUNDLED_LIBRARIES.has(packageName(specifier));
const libraryImports = new Set();
for (const input of Object.values(graph.metafile.inputs))
  for (const { path, external } of input.imports)
    if (external && isBundledLibrary(path)) libraryImports.add(path);
const libraryFile = (specifier) => join(VENDOR_DIR, `${specifier.replace(/[^A-Za-z0-9]+/g, '-')}.js`);
/** The built file an import of a package names, or undefined (node_modules at run time). */
const builtTarget = (specifier) =>
  isBundledLibrary(specifier) ? libraryFile(specifier) : packageTargets.get(specifier);

const external = (outdir, target) => {
  const rel = toPosix(relative(outdir, target));
  return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
};
/**
 * Resolution for one build whose output files all sit in `outdir`: relative imports are bundled;
 * imports of the workspace packages and of bundled libraries name their built files; other packages
 * stay imports from node_modules, except that the libraries' own build (`bundleLibraries`) takes in
 * everything they import but KEEP_EXTERNAL.
 */
const imports = ({ outdir, bundleLibraries = false }) => ({
  name: 'compiled-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point' || args.namespace === 'library-entry') return undefined;
      if (args.path.startsWith('.')) return undefined;
      if (bundleLibraries && !isBuiltin(args.path) && !KEEP_EXTERNAL.has(packageName(args.path)))
        return undefined;
      const target = builtTarget(args.path);
      if (target) return external(outdir, target);
      if (args.path.startsWith('@banca/')) throw new Error(`${args.importer}: ${args.path} is not exported`);
      return { path: args.path, external: true };
    });
  },
});
/**
 * The server's modules are bundled into files at the root of dist, so each module's `import.meta.url`
 * is replaced by the URL its own compiled file would have had (dist/<its path under src>.js), resolved
 * against the bundle's: the paths it derives from there keep pointing where they did.
 */
const ownModuleUrls = (src) => ({
  name: 'own-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(src + sep)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      // import.meta.dirname and .filename would name the bundle's place: only .url is carried over.
      if (/import\.meta\.(?!url\b)/.test(source))
        throw new Error(`${args.path}: only import.meta.url keeps its meaning in the build`);
      const own = `./${toPosix(relative(src, args.path)).replace(/\.ts$/, '.js')}`;
      const contents = source.replaceAll(
        'import.meta.url',
        `new URL(${JSON.stringify(own)}, import.meta.url).href`,
      );
      return { contents, loader: 'ts' };
    });
  },
});
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };

/** The nearest package.json of a file decides its module format, as Node's loader does. */
const isEsmFile = (file) => {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type === 'module';
    if (dirname(dir) === dir) return false;
  }
};
/**
 * The entry module of a bundled library, with the exports Node gives an importer of it: an ES module's
 * own; for CommonJS, `module.exports` as the default export and the names Node finds in it as named
 * exports (esbuild cannot see a CommonJS module's names, so they are read here by importing it).
 */
const libraryEntry = async (specifier) => {
  const from = JSON.stringify(specifier);
  const namespace = await import(specifier);
  if (isEsmFile(fileURLToPath(import.meta.resolve(specifier))))
    return `export * from ${from};${'default' in namespace ? ` export { default } from ${from};` : ''}`;
  const names = Object.keys(namespace).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
  return [
    `import library from ${from};`,
    'export default library;',
    ...names.map((n, i) => `const e${i} = library[${JSON.stringify(n)}]; export { e${i} as ${n} };`),
  ].join('\n');
};

for (const workspace of WORKSPACES)
  rmSync(resolve(root, workspace, 'dist'), { recursive: true, force: true });
// The libraries: an entry per imported specifier, code shared in chunks. A CommonJS module's
// `require` of a package kept external or of a Node built-in needs a `require` in an ES module.
await build({
  ...common,
  entryPoints: [...libraryImports].map((specifier) => ({
    in: `library:${specifier}`,
    out: libraryFile(specifier).slice(VENDOR_DIR.length + 1, -'.js'.length),
  })),
  outdir: VENDOR_DIR,
  splitting: true,
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  plugins: [
    {
      name: 'library-entries',
      setup(b) {
        b.onResolve({ filter: /^library:/ }, (args) => ({
          path: args.path.slice('library:'.length),
          namespace: 'library-entry',
        }));
        b.onLoad({ filter: /.*/, namespace: 'library-entry' }, async (args) => ({
          contents: await libraryEntry(args.path),
          resolveDir: resolve(root, SERVER),
          loader: 'js',
        }));
      },
    },
    imports({ outdir: VENDOR_DIR, bundleLibraries: true }),
  ],
});
for (const workspace of WORKSPACES) {
  const src = resolve(root, workspace, 'src');
  const outdir = resolve(root, workspace, 'dist');
  if (!modules.some((m) => workspaceOf(m) === workspace)) continue;
  if (workspace === SERVER) {
    const nested = ENTRY_POINTS.filter((e) => dirname(resolve(root, e)) !== src);
    if (nested.length > 0) throw new Error(`entry points outside ${SERVER}/src itself: ${nested.join(', ')}`);
    await build({
      ...common,
      entryPoints: ENTRY_POINTS.map((e) => resolve(root, e)),
      outdir,
      splitting: true,
      chunkNames: 'chunk-[hash]', // beside the entry points: the same import.meta.url base
      tsconfig: resolve(root, workspace, 'tsconfig.json'),
      plugins: [imports({ outdir }), ownModuleUrls(src)],
    });
  } else {
    const entries = [...packageTargets.values()].filter((t) => t.startsWith(outdir + sep));
    if (entries.some((t) => dirname(t) !== outdir)) throw new Error(`${workspace}: exports outside dist/`);
    await build({
      ...common,
      entryPoints: entries.map((t) => join(src, `${relative(outdir, t).slice(0, -'.js'.length)}.ts`)),
      outbase: src,
      outdir,
      splitting: true,
      tsconfig: resolve(root, workspace, 'tsconfig.json'),
      plugins: [imports({ outdir })],
    });
  }
  // Data files read beside a module (the modules' SQL): the same place under dist.
  for (const file of readdirSync(src, { recursive: true })) {
    if (!DATA_FILE.test(file)) continue;
    const target = join(outdir, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(src, file), target);
  }
}
console.log(
  `server built in ${Date.now() - started} ms: ${modules.length} modules bundled into ${ENTRY_POINTS.length} entry points, the packages' exports and ${BUNDLED_LIBRARIES.size} libraries with what they import`,
);
