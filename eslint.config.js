import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Lint rules that keep the import direction of ARCHITECTURE.md: web -> contract <- server.
 * - the web never imports server code; the contract imports no app code;
 * - a web feature imports another feature only through its public entry (`@/features/<name>`);
 * - server HTTP routes hold no SQL (only repositories import Kysely's query builder types);
 * - a server module is reached only through its public face, `modules/<name>/index.ts`: its
 *   services, repositories and tables are private; platform code imports no module code and not the
 *   app's Database (it types its db by its own tables).
 */

const SERVER_NO_WEB = {
  group: ['**/apps/web/**', '@banca/web', '@banca/web/*'],
  message: 'The server never imports web code.',
};
/**
 * From a module file `depth` folders below `modules/` (1: `modules/<m>/x.ts`, 2: `modules/<m>/<sub>/x.ts`,
 * ...): `../` that many times, then `<other>/<anything but index>` (a sibling module's private file).
 * Counted per depth because a module's sub-folders import each other with one `../` fewer.
 */
const siblingModuleInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}(?!\\.\\.)[^/]+/(?!index(\\.ts)?$)[^/]`,
  message: 'Another module is reached only through its public face: ../<module>/index.ts.',
});
/** Module files' depths below `modules/`: a module's root and two levels of sub-folders. */
const MODULE_DEPTHS = [1, 2, 3];
const moduleFiles = (depth, name) => `apps/server/src/modules/${'*/'.repeat(depth)}${name}`;
/** From anywhere: `.../modules/<name>/<anything but index>`. */
const MODULE_INTERNALS = {
  regex: '(^|/)modules/[^/]+/(?!index(\\.ts)?$)[^/]',
  message: 'A module is reached only through its public face: modules/<module>/index.ts.',
};
const PLATFORM_NO_MODULES = {
  regex: '(^|/)modules(/|$)',
  message: 'Platform code never imports module code: type the db by the platform piece’s own tables.',
};
const PLATFORM_NO_APP_DATABASE = {
  regex: '^(\\.\\./)+database(\\.ts)?$',
  message: "Platform code never imports the app's Database: type the db by the piece's own tables.",
};
const serverImports = (...patterns) => ['error', { patterns: [SERVER_NO_WEB, ...patterns] }];

const SQL_IN_REPOSITORIES = 'SQL lives in *.repository.ts: call a repository function.';
/** Kysely's query-builder entry points (a transaction's `.execute` is fine anywhere). */
const QUERY_BUILDER_CALLS =
  'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive';
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.artifacts/**',
      'bench/.out/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or handles loses its error (and, on the server, its
    // transaction's outcome); a promise where a void callback is expected is the same bug in JSX.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/vitest.config.ts', '**/vite.config.ts', '**/playwright.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // Testing Library's act() around synchronous work returns a thenable that needs no await.
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: 'act', package: '@testing-library/react' },
            { from: 'package', name: 'act', package: 'react' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Fastify takes async hooks and handlers where its types also allow callback-style ones that
    // return void: that is by design there, so only conditionals and spreads are checked.
    files: ['apps/server/**/*.ts'],
    ignores: ['**/vitest.config.ts'],
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@banca/server', '@banca/web'],
              message: 'The contract imports no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The light route table (@banca/contract/routes) ships with the browser's first route: no zod and
    // no schema at run time; type-only imports are fine. routes.test.ts checks the whole import graph.
    files: [
      'packages/contract/src/routes.ts',
      'packages/contract/src/route-entry.ts',
      'packages/contract/src/**/*.calls.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'The light route table imports no zod at run time (import type is fine).',
            },
          ],
          patterns: [
            {
              group: ['**/apps/**', '@banca/server', '@banca/web'],
              message: 'The contract imports no app code.',
            },
            {
              regex: '(\\.(schemas|routes)|/(route|route-groups|index|callback))\\.ts$',
              allowTypeImports: true,
              message: 'The light route table loads no schema at run time (import type is fine).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@banca/server', '@banca/server/*'],
              message: 'The web never imports server code.',
            },
            {
              group: ['@/features/*/*', '**/features/*/**'],
              message: 'Import another feature only through its public entry: @/features/<name>.',
            },
          ],
        },
      ],
    },
  },
  {
    // The back-office app: the same contract and hooks rules as the web; never server code, never the
    // member site's code (its design tokens come in through CSS, src/theme/app.css).
    files: ['apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@banca/server', '@banca/server/*'],
              message: 'The back office never imports server code.',
            },
            {
              group: ['**/apps/web/**', '@banca/web', '@banca/web/*'],
              message: 'The back office is its own bundle: it imports no member-site code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports(MODULE_INTERNALS) },
  },
  {
    // The app root composes the Database from every module's table file (types only), and the
    // in-database functions from every part's list of its SQL files.
    files: ['apps/server/src/database.ts', 'apps/server/src/database-functions.ts'],
    rules: { 'no-restricted-imports': serverImports() },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports(PLATFORM_NO_MODULES, PLATFORM_NO_APP_DATABASE) },
  },
  {
    // Platform tests run on the app's test database, typed by the app's Database.
    files: ['apps/server/src/platform/**/*.test.ts'],
    rules: { 'no-restricted-imports': serverImports(PLATFORM_NO_MODULES) },
  },
  ...MODULE_DEPTHS.map((depth) => ({
    files: [moduleFiles(depth, '*.ts')],
    rules: { 'no-restricted-imports': serverImports(siblingModuleInternals(depth), MODULE_INTERNALS) },
  })),
  {
    // SQL lives in repositories: a service, route, job or platform piece calls a `*.repository.ts`
    // function, never Kysely's `sql` or query builder. Migrations, seeds (demo data written like a
    // migration), tests and their helpers, and platform/db (the connection itself) are the exceptions.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/platform/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.testing.ts',
    ],
    // no-restricted-syntax rather than no-restricted-imports for `sql`: the import rule's folder
    // patterns above stay in force (a second no-restricted-imports here would replace them).
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
          message: SQL_IN_REPOSITORIES,
        },
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDER_CALLS})$/]`,
          message: SQL_IN_REPOSITORIES,
        },
      ],
    },
  },
  ...MODULE_DEPTHS.map((depth) => ({
    files: [moduleFiles(depth, '*.routes.ts')],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'HTTP routes hold no SQL: call the module service.' }],
          patterns: [
            SERVER_NO_WEB,
            siblingModuleInternals(depth),
            MODULE_INTERNALS,
            {
              group: ['**/*.repository*', '**/platform/db/*'],
              message: 'HTTP routes call services, not repositories.',
            },
          ],
        },
      ],
    },
  })),
);
