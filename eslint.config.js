// One lint setup for every package. Import direction (DESIGN.md convention 5) is enforced here:
// shared -> migrate -> (server | bff); outbound -> (migrate | bff); shared -> web; inside web: lib/components -> features -> app, and features
// do not import each other.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = existsSync('web/src/features')
  ? readdirSync('web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const packageOnly = (allowed) => {
  const all = ['shared', 'outbound', 'migrate', 'server', 'bff', 'web', 'e2e', 'bench'];
  return all
    .filter((p) => !allowed.includes(p))
    .map((p) => ({
      group: [`@switchboard/${p}`, `@switchboard/${p}/*`],
      message: `this package must not import ${p}/`,
    }));
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // no-restricted-paths needs to know where an import points; without a resolver that knows
    // TypeScript's extensionless imports it cannot, and lets every such import pass.
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', '*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./outbound', './migrate', './server', './bff', './web', './e2e'],
              message: 'shared/ is imported by others, never the reverse',
            },
            {
              target: './outbound',
              from: ['./shared', './migrate', './server', './bff', './web', './e2e'],
              message: 'the guarded client stands alone, for the bff and the migration engine',
            },
            {
              target: './migrate',
              from: ['./server', './bff', './web', './e2e'],
              message: 'the migration engine reaches servers over HTTP only',
            },
            { target: './server', from: ['./bff', './web', './e2e'] },
            {
              target: './bff',
              from: ['./server', './web', './e2e'],
              message: 'the bff talks to the server over HTTP only',
            },
            { target: './web', from: ['./server', './bff', './e2e'] },
            {
              target: './web/src/lib',
              from: ['./web/src/features', './web/src/app', './web/src/components'],
            },
            { target: './web/src/components', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/features', from: './web/src/app' },
            ...webFeatures.map((f) => ({
              target: `./web/src/features/${f}`,
              from: './web/src/features',
              except: [`./${f}`],
              message: 'features do not import each other; move shared code to components/ or lib/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: packageOnly(['shared']) }] },
  },
  {
    files: ['outbound/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: packageOnly(['outbound']) }] },
  },
  {
    files: ['migrate/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: packageOnly(['shared', 'outbound', 'migrate']) }],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        // outbound: its local test servers, in the tests of pnpm migrate's guard.
        { patterns: packageOnly(['shared', 'outbound', 'migrate', 'server']) },
      ],
    },
  },
  {
    files: ['bff/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: packageOnly(['shared', 'outbound', 'migrate', 'bff']) }],
    },
  },
  {
    files: ['web/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: packageOnly(['shared', 'web']) }],
    },
  },
  {
    // Matchers such as expect.stringMatching() are typed `any`; tests read untyped JSON bodies.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
