// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Modules the pure engine must never reach: UI, shell, DOM or Node-only APIs. */
const engineForbidden = {
  paths: [
    'react',
    'react-dom',
    'konva',
    'react-konva',
    'electron',
    'fs',
    'path',
    'os',
    'child_process',
  ],
  patterns: [
    { group: ['node:*'], message: 'engine/ is pure: no Node-only APIs.' },
    {
      group: ['**/renderer/**', '**/electron/**', '**/cli/**'],
      message: 'engine/ imports nothing from the UI, shell or CLI.',
    },
    { group: ['react-konva/*', 'konva/*', 'react-dom/*'], message: 'engine/ has no UI.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-electron',
      'release',
      'test-results',
      'playwright-report',
      'coverage',
      'engine/format/generated',
      // Tiled tilesets (.tsx is Tiled's XML tileset, not TypeScript) and other imported test data.
      'engine/import/*/testdata',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // No import cycles: a module and what it imports form a tree, so load order never leaves a
    // binding undefined and a folder can be read from the bottom up. Type-only imports are not
    // counted (they vanish when compiled); external packages are not walked, to keep lint fast.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', engineForbidden],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'process', 'require', 'Buffer'].map(
          (name) => ({
            name,
            message: 'engine/ is pure: no DOM or Node globals.',
          }),
        ),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded dice in engine/random.' },
        { object: 'Date', property: 'now', message: 'The engine takes time as input.' },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: ['electron', 'fs', 'path'], patterns: ['node:*', '**/electron/**'] },
      ],
    },
  },
);
