import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = readdirSync('src/web/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * Who may import whom (docs/decisions/004-layout-and-boundaries.md): the build step (scripts/) and the app
 * (src/web/) meet only in src/shared/ and src/generated/; the server never imports the app; features do
 * not import each other or the app shell; repositories do not reach into plugins or routes.
 */
const zones = [
  { target: './src/web', from: ['./scripts', './src/server', './bench'], message: 'The app reads the contract from src/shared or src/generated.' },
  { target: './scripts', from: './src/web', message: 'The build step and the app meet in src/shared.' },
  { target: './src/server', from: ['./src/web', './scripts', './bench'], message: 'The server stands alone: shared code lives in src/shared.' },
  { target: './src/shared', from: ['./src/web', './src/server', './scripts', './src/generated', './bench'], message: 'src/shared depends on nothing of the project.' },
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: the app (src/web/app) wires them together.',
  })),
  { target: './src/web/features', from: './src/web/app', message: 'Imports flow shared -> features -> app.' },
  { target: ['./src/web/components', './src/web/lib', './src/web/theme'], from: ['./src/web/features', './src/web/app'], message: 'Shared app pieces know no feature.' },
  { target: './src/server/repositories', from: ['./src/server/plugins', './src/server/routes'], message: 'Repositories hold SQL only; types they need live in lib/.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'src/generated/', 'bench/results/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/unit/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
