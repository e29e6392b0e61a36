import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, layers },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // The layer rules of docs/architecture.md (decision 170).
      'layers/imports': 'error',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'src/server/cli/**', '.ci/**'],
    rules: { 'no-console': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Tests read JSON bodies freely.
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
