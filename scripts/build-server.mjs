// The production build of the gateway: every TypeScript module the server's entry points reach (its
// own and the workspace packages it imports) compiled to JavaScript, so that NODE_ENV=production runs
// it with plain `node` and no TypeScript loader or build tool at run time.
//
// Layout: apps/server/src/x/y.ts -> apps/server/dist/x/y.js, one file per module, mirroring src at
// the same depth, so paths a module takes from import.meta.url (the repository root,
// apps/server/static) and data files read beside a module (`**/*.sql`, copied) stay where they were;
// relative imports are rewritten .ts -> .js. The workspace packages (whose package.json exports point
// at their TypeScript) are bundled per export into packages/<p>/dist/<export>.js, and a few libraries
// of many small modules into apps/server/dist/vendor (step 2 says why); imports of them are rewritten
// to those files. Other packages from node_modules stay imports, and the build fails when one of them
// is not a runtime dependency (a devDependency would be missing from a production install).
//
// Usage: node scripts/build-server.mjs   (part of `npm run build`)
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
const distOf = (file) => {
  const workspace = workspaceOf(file);
  const rel = relative(resolve(root, workspace, 'src'), file);
  return resolve(root, workspace, 'dist', rel.replace(/\.ts$/, '.js'));
};
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

// 2. The output. The server's modules one file each (a module may read files beside itself); each
// workspace package bundled from its exports (one file per export, shared code in chunks: loading
// ~90 small modules costs more start-up time than their code); and the pure-JavaScript libraries made
// of hundreds of small modules (kysely alone is 262) bundled alike under apps/server/dist/vendor, which
// took a production start's module loading from about 1.2 s to well under half of that. Every import
// of one of them, from anywhere in the build, names the same bundled file: one instance each.
const SERVER = 'apps/server';
const VENDOR_DIR = resolve(root, SERVER, 'dist/vendor');
/**
 * Libraries bundled into the build, each with the libraries that import it (fastify-type-provider-zod
 * with zod, openid-client and oauth4webapi with jose), so that nothing loads a second copy.
 */
const BUNDLED_LIBRARIES = new Set([
  'kysely',
  'zod',
  'fastify-type-provider-zod',
  'jose',
  'openid-client',
  'oauth4webapi',
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

const external = (fromDir, target) => {
  const rel = toPosix(relative(fromDir, target));
  return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
};
/**
 * Resolution for one build: `fromDir(importer)` is the folder of the importer's output file;
 * `ownModules` whether relative imports are separate files (the server) or bundled (the rest).
 */
const imports = ({ fromDir, ownModules, bundleLibraries = false }) => ({
  name: 'compiled-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point' || args.namespace === 'library-entry') return undefined;
      if (args.path.startsWith('.')) {
        if (!ownModules) return undefined;
        if (!args.path.endsWith('.ts'))
          throw new Error(`${args.importer}: import ${args.path} names no .ts file`);
        return external(fromDir(args.importer), distOf(resolve(args.resolveDir, args.path)));
      }
      if (bundleLibraries && isBundledLibrary(args.path)) return undefined;
      const target = builtTarget(args.path);
      if (target) return external(fromDir(args.importer), target);
      if (args.path.startsWith('@banca/')) throw new Error(`${args.importer}: ${args.path} is not exported`);
      return { path: args.path, external: true };
    });
  },
});
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };

for (const workspace of WORKSPACES)
  rmSync(resolve(root, workspace, 'dist'), { recursive: true, force: true });
// The libraries: an entry per imported specifier (`export * from 'zod'`), code shared in chunks.
await build({
  ...common,
  entryPoints: [...libraryImports].map((specifier) => ({
    in: `library:${specifier}`,
    out: libraryFile(specifier).slice(VENDOR_DIR.length + 1, -'.js'.length),
  })),
  outdir: VENDOR_DIR,
  splitting: true,
  plugins: [
    {
      name: 'library-entries',
      setup(b) {
        b.onResolve({ filter: /^library:/ }, (args) => ({
          path: args.path.slice('library:'.length),
          namespace: 'library-entry',
        }));
        b.onLoad({ filter: /.*/, namespace: 'library-entry' }, (args) => ({
          contents: `export * from ${JSON.stringify(args.path)};`,
          resolveDir: resolve(root, SERVER),
          loader: 'js',
        }));
      },
    },
    imports({ fromDir: () => VENDOR_DIR, ownModules: false, bundleLibraries: true }),
  ],
});
for (const workspace of WORKSPACES) {
  const src = resolve(root, workspace, 'src');
  const outdir = resolve(root, workspace, 'dist');
  if (!modules.some((m) => workspaceOf(m) === workspace)) continue;
  if (workspace === SERVER) {
    await build({
      ...common,
      entryPoints: modules.filter((m) => workspaceOf(m) === workspace),
      outbase: src,
      outdir,
      tsconfig: resolve(root, workspace, 'tsconfig.json'),
      plugins: [imports({ fromDir: (importer) => dirname(distOf(importer)), ownModules: true })],
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
      plugins: [imports({ fromDir: () => outdir, ownModules: false })],
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
  `server built in ${Date.now() - started} ms: ${modules.length} modules (the server's one file each, the packages' and ${[...BUNDLED_LIBRARIES].join(', ')} bundled)`,
);
