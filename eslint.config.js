import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The modules that own an external edge (STYLE.md), as import restrictions every src file gets.
const edgeImports = [
  { name: 'redaxios', message: 'Call the API through src/lib/api-client.ts.' },
  { name: 'jotai', message: 'Reach the state through src/state/session.ts.' },
];

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
          paths: edgeImports,
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
    // src/shared runs in the browser, the workers and the server alike: it imports only itself
    // and libraries.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts', 'src/shared/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: edgeImports,
          patterns: [
            {
              group: [
                '**/server/**',
                '**/workers/**',
                ...['app', 'content', 'lib', 'pages', 'state', 'viewer'].map(
                  (folder) => `../${folder}/**`,
                ),
              ],
              message: 'src/shared imports only src/shared and libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pages reach the viewer through its index (and lazily its screen and its stylesheet), never
    // its internals.
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: edgeImports,
          patterns: [
            {
              group: ['../viewer/*', '!../viewer/viewer-screen', '!../viewer/viewer.css'],
              message: "Import the viewer from '../viewer' (src/viewer/index.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // app.ts registers every route plugin; a route module never imports another. Handlers read
    // the request's parts as their route's schemas type them (the TypeBox type provider): a cast
    // would let a handler and its schema, which is the API's contract, disagree unseen.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./*.routes'], message: 'Register route plugins in server/app.ts only.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].map((cast) => ({
          selector:
            `${cast}[expression.type='MemberExpression'][expression.object.name=/^(request|req)$/]` +
            `[expression.property.name=/^(body|query|params|headers)$/]`,
          message:
            "Type the request through the route's schema (src/shared/api-contract), not a cast.",
        })),
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
    // Type-aware rules: a promise nobody awaits hides its failure; a switch over a union must say
    // what it does with every member.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.*.config.ts'] },
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
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
