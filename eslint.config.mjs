// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'artifacts/**', 'media/vendor/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware: a promise is awaited, returned, given a rejection handler, or marked `void` (fire
    // and forget, its failure handled inside); an async function is never passed where a void
    // callback is expected (the caller would drop its rejection). checkThenables: VS Code's API
    // returns Thenable, not Promise, and the rule skips those by default.
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { checkThenables: true }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The api module and the tree models run in plain Node: they must never import vscode.
    files: [
      'src/api/**/*.ts',
      'src/models/**/*.ts',
      'src/render/**/*.ts',
      'src/ids.ts',
      'src/settings.ts',
      ...[
        'callback',
        'confirmToken',
        'signInFlow',
        'sessionRecord',
        'authorizeUrl',
        'loopbackServer',
        'loopbackPage',
        'signOutOnUnauthorized',
      ].map((f) => `src/auth/${f}.ts`),
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'src/api, src/models, src/render and the plain auth modules run in plain Node; keep vscode out.' },
          ],
        },
      ],
    },
  },
  {
    // Webview scripts run in the browser.
    files: ['media/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', getComputedStyle: 'readonly', console: 'readonly' },
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
