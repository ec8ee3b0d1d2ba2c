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
/** From a module file: `../<other>/<anything but index>` (a sibling module's private file). */
const SIBLING_MODULE_INTERNALS = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index(\\.ts)?$)[^/]',
  message: 'Another module is reached only through its public face: ../<module>/index.ts.',
};
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
/** TODO(integration): remove once wallet/games branches land. Files of the wallet and games modules
 *  that still hold SQL while their own branches move it into repositories. */
const SQL_OUTSIDE_REPOSITORIES_PENDING = [
  'apps/server/src/modules/games/bet-record.queries.ts',
  'apps/server/src/modules/games/catalogue-import.ts',
  'apps/server/src/modules/games/launch.service.ts',
  'apps/server/src/modules/games/member-games.service.ts',
  'apps/server/src/modules/games/player-session.service.ts',
  'apps/server/src/modules/games/vendor-ops.service.ts',
  'apps/server/src/modules/games/vendor-wallet.credentials.ts',
  'apps/server/src/modules/games/vendor-wallet.service.ts',
  'apps/server/src/modules/games/winner-board.ts',
  'apps/server/src/modules/wallet/live-balance.ts',
  'apps/server/src/modules/wallet/wallet-settings.service.ts',
  'apps/server/src/modules/wallet/withdrawal.service.ts',
];
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
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports(MODULE_INTERNALS) },
  },
  {
    // The app root composes the Database from every module's table file (types only).
    files: ['apps/server/src/database.ts'],
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
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports(SIBLING_MODULE_INTERNALS, MODULE_INTERNALS) },
  },
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
      // TODO(integration): remove once wallet/games branches land (they move these files' SQL into
      // repositories).
      ...SQL_OUTSIDE_REPOSITORIES_PENDING,
      // TODO: the event dispatcher's loop (claims, cursors, dead letters) still holds its queries;
      // they move to platform/events/event.repository.ts next (issue 21, item 2).
      'apps/server/src/platform/events/event-dispatcher.ts',
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
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'HTTP routes hold no SQL: call the module service.' }],
          patterns: [
            SERVER_NO_WEB,
            SIBLING_MODULE_INTERNALS,
            MODULE_INTERNALS,
            {
              group: ['**/*.repository*', '**/platform/db/*'],
              message: 'HTTP routes call services, not repositories.',
            },
          ],
        },
      ],
    },
  },
);
