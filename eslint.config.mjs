import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import nestModuleExports from './eslint-rules/nest-module-exports.mjs';

const featuresDir = 'frontend/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'backend/drizzle/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.cjs', 'backend/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import from each other (docs/architecture.md, "The layers").
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((f) => ({
            target: `./${featuresDir}/${f}`,
            from: `./${featuresDir}`,
            except: [`./${f}`],
            message: 'Features must not import from other features; share through components/ or lib/.',
          })),
        },
      ],
    },
  }, // Backend boundaries (issue 32, docs/decisions.md "Backend boundaries"). Each zone says why;
  // backend/test/lint/boundaries.test.ts proves they bite.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.repository.ts', 'backend/src/database/**'],
    rules: {
      // Database access lives in repositories and database/: a service, controller or helper never
      // builds SQL or names a table. It may hold a transaction (database/database's types and the
      // DATABASE token, for `db.transaction`) and pass on a statement a repository prepared.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(drizzle-orm|@electric-sql/pglite|pg|postgres)(/.*)?$',
              message: 'Database access belongs in a *.repository.ts (or database/): ask a repository.',
            },
            {
              // A table's row type (`import type`) is plain data, e.g. the rows an import plans.
              regex: '(^|/)database/(schema|tables/.*|pg-prepared)$',
              allowTypeImports: true,
              message: 'Tables are named only in a *.repository.ts (or database/): ask a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/modules/board-changes/**'],
    rules: {
      // Board events leave only through BoardChanges, after the commit and in version order, with the
      // log row, the activity and the idempotent answer in its transaction (docs/decisions.md "One change model").
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='publish'][arguments.0.value='board']",
          message:
            'Board events are published only by BoardChanges (board-changes/): change the board through it.',
        },
      ],
    },
  },
  {
    files: ['backend/src/modules/**/*.ts'],
    plugins: { papan: { rules: { 'nest-module-exports': nestModuleExports } } },
    rules: {
      // Modules meet through what their Nest module exports, so a provider has one owner and one
      // instance; a module that needs another's repository imports that module.
      'papan/nest-module-exports': 'error',
    },
  },
);
