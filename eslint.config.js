// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const serverNeverImportsWeb = {
  group: ['@bops/web', '**/apps/web/**'],
  message: 'The server serves the built web app; it does not import it.',
};
const mainThreadEngine = {
  regex: '^(@bops/engine(?!/catalog$)|.*/packages/engine/)',
  message:
    'The main thread imports only @bops/engine/catalog; audio work runs in the worker threads (workers/*.worker.ts).',
};
/**
 * Services hold the rules; the database and the network are reached through repositories, so a service can be
 * tested with fake ones. Types may still come from there (a type does no I/O).
 */
const servicesReachIoThroughRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'],
  allowTypeImports: true,
  message: 'Services reach the database through a repository (repositories/); only types may come from db/.',
};
const layersPointDown = {
  group: ['**/routes/**', '**/jobs/*.job.ts'],
  message: 'Routes and jobs call services; services and repositories never import them.',
};

/** What no browser code may import: the server, the engine, Node. */
const webStaysInTheBrowser = [
  {
    group: ['@bops/server', '@bops/server/*', '**/apps/server/**'],
    message: 'The web app never imports server code; share types through @bops/shared.',
  },
  {
    group: ['@bops/engine', '@bops/engine/*', '**/packages/engine/**'],
    message: 'The web app talks to the engine through the API.',
  },
  { group: ['node:*'], message: 'Node built-ins do not run in the browser.' },
];
const storeIsTheFloor = {
  regex: '^\\.\\./(?!api/)',
  message:
    'The store sits under the features: it imports the API layer (api/) and @bops/shared only; the app is wired in runtime/.',
};

/** Browser and DOM globals the engine must never touch: it runs in worker threads and the CLI. */
const domGlobals = ['window', 'document', 'navigator', 'AudioContext', 'OfflineAudioContext', 'localStorage'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No module may reach itself through its imports: a circle is a doorway nobody can change alone.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webStaysInTheBrowser }],
    },
  },
  {
    // Features and the runtime use the store; the store uses none of them, so no feature can loop back into it.
    files: ['apps/web/src/store/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...webStaysInTheBrowser, storeIsTheFloor] }] },
  },
  {
    files: [
      'apps/web/e2e/**/*.ts',
      'apps/web/*.config.ts',
      'apps/web/scripts/**/*.ts',
      'apps/web/bench/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bops/server', '@bops/server/*', '**/apps/**'],
              message: 'The engine imports no application code.',
            },
            { group: ['react', 'react-dom', '@mui/*'], message: 'The engine has no DOM.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bops/server', '@bops/web', '@bops/engine', '**/apps/**', '**/packages/engine/**'],
              message: 'Shared code depends on nothing of ours.',
            },
            { group: ['node:*'], message: 'Shared code runs in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, mainThreadEngine] }] },
  },
  {
    // Worker threads run the engine; tests and benchmarks may call it directly. The pool itself (cpu-pool.ts)
    // runs on the main thread, so only the thread entries and what they alone import are listed.
    files: [
      'apps/server/src/workers/*.worker.ts',
      'apps/server/src/workers/song-file-check.ts',
      'apps/server/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/bench/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }] },
  },
  {
    files: ['apps/server/src/services/**/*.ts', 'apps/server/src/repositories/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverNeverImportsWeb, mainThreadEngine, layersPointDown] },
      ],
    },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            mainThreadEngine,
            layersPointDown,
            servicesReachIoThroughRepositories,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Services call other hosts through a repository (repositories/), which a test can replace.',
        },
      ],
    },
  },
);
