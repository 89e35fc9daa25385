import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One module owns each external edge (STYLE.md): the API client every request to /api/v1,
    // the auth state the stored tokens.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/api-client.ts', 'src/state/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'redaxios', message: 'Call the API through src/lib/api-client.ts.' },
            { name: 'jotai', message: 'Reach the state through src/state/session.ts.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'XMLHttpRequest', message: 'Call the API through src/lib/api-client.ts.' },
        { name: 'localStorage', message: 'The tokens live in src/state/auth-state.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'localStorage',
          message: 'The tokens live in src/state/auth-state.ts; read them through its atoms.',
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: [
      'server/**/*.ts',
      'server/tools/*.js',
      'tests/**/*.ts',
      'bench/**/*.ts',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
