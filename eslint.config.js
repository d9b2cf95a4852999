// ESLint for the whole tree (`npm run lint`, part of `npm test`): the recommended JavaScript and TypeScript rules,
// React's hook rules for the browser code, and eslint-config-prettier last so no rule argues with the formatter (save
// max-len, set again after it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/node_modules/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names are errors, except those that say so with a leading underscore.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'base/**/*.{ts,tsx}',
      'resources/**/*.{ts,tsx}',
      'providers/**/*.{ts,tsx}',
      'tests/components/**/*.tsx',
      'tests/providers/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
  {
    // No line over 120 characters: Prettier wraps code at 120; what it leaves whole is split by hand: comments are
    // rewrapped, a long string or template is pieces joined with + (the same text). Only an address may run past.
    // Set after eslint-config-prettier, which turns max-len off.
    rules: { 'max-len': ['error', { code: 120, ignoreUrls: true }] },
  },
);
