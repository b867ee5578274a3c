// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Issue 25, one path for the messages: a message to the user goes through src/report.ts, and a
 * sentence is a literal where it is translated, so `@vscode/l10n-dev export` finds every one. A
 * sentence of a plain layer (the note-action catalog, the api's userMessage, the settings' address
 * problems) goes through `localized` in src/localize.ts, the one call with a sentence that is not.
 * `no-restricted-syntax` takes one list per file, so each of the two files is spared only its own rule.
 */
const SHOW_MESSAGE = {
  selector: [
    'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
    // const { showErrorMessage } = vscode.window
    'Property[key.name=/^show(Information|Warning|Error)Message$/]',
    // vscode.window['showErrorMessage'], or [cond ? 'showWarningMessage' : …]
    'Literal[value=/^show(Information|Warning|Error)Message$/]',
  ].join(', '),
  message: 'Messages to the user go through src/report.ts (report.info/warn/error/modal, reportFailure).',
};
const L10N_CALL =
  ':matches(CallExpression[callee.object.name="l10n"], CallExpression[callee.object.property.name="l10n"])[callee.property.name="t"]';
const L10N_NOT_LITERAL = {
  selector: `${L10N_CALL}:not([arguments.0.type="Literal"]):not([arguments.0.type="TemplateLiteral"][arguments.0.expressions.length=0])`,
  message:
    'vscode.l10n.t takes a literal sentence (the bundle key @vscode/l10n-dev export extracts); a sentence of a plain layer goes through localized() (src/localize.ts).',
};

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
    files: ['src/**/*.ts'],
    ignores: ['src/report.ts', 'src/localize.ts'],
    rules: { 'no-restricted-syntax': ['error', SHOW_MESSAGE, L10N_NOT_LITERAL] },
  },
  { files: ['src/report.ts'], rules: { 'no-restricted-syntax': ['error', L10N_NOT_LITERAL] } },
  { files: ['src/localize.ts'], rules: { 'no-restricted-syntax': ['error', SHOW_MESSAGE] } },
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
