import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url)).filter(
  (name) => !name.includes('.'),
);
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));
/** What a server module may import from another: its service.ts, and these files. */
const serverModulePublic = [
  'accounts/repo.ts',
  'compensation/periodic.ts',
  'ledger/accounts.ts',
  'ledger/balances.ts',
  'ledger/bounds.ts',
  'notifications/mails.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  { ignores: ['**/dist-private/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function that only throws or returns a promise is still clearer marked async.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Tests read JSON answers whose shape the assertions check.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every visible text goes through the translation function.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'placeholder', 'title', 'alt', 'aria-label', 'description', 'message'],
          },
        },
      ],
      // Imports flow shared -> features -> app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move shared code to components/, lib/ or hooks/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app layer.',
            },
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/hooks',
                './apps/web/src/api',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Imports flow modules -> http, db, lib, adapters; a module sees another only through its service.ts.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './apps/server/src/http',
                './apps/server/src/db',
                './apps/server/src/lib',
                './apps/server/src/adapters',
              ],
              from: ['./apps/server/src/modules', './apps/server/src/read-models'],
              message:
                'http/, db/, lib/ and adapters/ never import modules/ or read-models/: those import them.',
            },
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/read-models',
              message: 'Modules never import read-models/: a read model reads modules, not the other way.',
            },
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: './apps/server/src/modules',
              except: [
                `./${module}`,
                ...serverModules.map((other) => `./${other}/service.ts`),
                ...serverModulePublic.map((file) => `./${file}`),
                // Foreign keys name other modules' tables; who may use a table is held by
                // src/modules/ownership.test.ts, which reads every import and every SQL text.
                ...serverModules.map((other) => `./${other}/schema.ts`),
              ],
              message:
                "A module imports another only through its service.ts (or eslint.config.js's public list).",
            })),
            {
              target: './apps/server/src/read-models',
              from: './apps/server/src/modules',
              except: [
                ...serverModules.map((other) => `./${other}/service.ts`),
                ...serverModules.map((other) => `./${other}/schema.ts`),
                ...serverModulePublic.map((file) => `./${file}`),
              ],
              message:
                "A read model imports a module through its service.ts, schema.ts or eslint.config.js's public list.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
);
