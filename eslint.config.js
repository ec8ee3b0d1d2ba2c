import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Lint rules that keep the import direction of ARCHITECTURE.md: web -> contract <- server.
 * - the web never imports server code; the contract imports no app code;
 * - a web feature imports another feature only through its public entry (`@/features/<name>`);
 * - server HTTP routes hold no SQL (only repositories import Kysely's query builder types).
 */
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@banca/web', '@banca/web/*'],
              message: 'The server never imports web code.',
            },
          ],
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
