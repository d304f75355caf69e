import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---- Boundaries. One `@typescript-eslint/no-restricted-imports` per folder (a later flat-config
// block replaces an earlier one's options, so each block lists everything that applies to its files).
// Relative imports are matched by their folder name after the leading `./` or `../` steps.
const RULE = '@typescript-eslint/no-restricted-imports';
const climbTo = (names) => `^(\\./|(\\.\\./)+)(${names.join('|')})(/|$)`;
const restrict = (patterns, paths = []) => ['error', { paths, patterns }];

const NO_MAIN = {
  regex: '(^|/)src-main(/|$)',
  message: 'src-main runs in the main process: the renderer and the preload reach it only over IPC.',
};
const CONTRACT = {
  regex: '^@(contract|bridge)$|(^|/)src-preload(/|$)|(^|/)src-shared/contract(/|$)',
  message:
    'The IPC contract is reached only from src-main/app and src-main/ipc; domain types live in @shared.',
};
const SANDBOX_INDEX = {
  regex: '^(\\./|(\\.\\./)+)sandbox/(?!index(\\.[cm]?[jt]s)?$)',
  message: 'Reach the sandbox through its index (../sandbox), not its internals.',
};
// Inside src-main the layers run one way: protocol ← api ← storage ← services ← app. protocol/ (the
// service's wire rules: canonical body, signatures) is the floor and imports no other layer;
// secrets/ and security/ sit at the bottom with api; ipc (and the contract) belong to app and ipc alone.
const MAIN_BELOW = {
  protocol: ['api', 'secrets', 'security', 'storage', 'services', 'app', 'ipc', 'sandbox'],
  api: ['storage', 'services', 'app', 'ipc', 'sandbox'],
  secrets: ['storage', 'services', 'app', 'ipc', 'sandbox'],
  security: ['storage', 'services', 'app', 'ipc', 'sandbox'],
  storage: ['services', 'app', 'ipc'],
  services: ['app', 'ipc'],
  sandbox: ['storage', 'services', 'app', 'ipc'],
  ipc: ['app'],
  app: [],
  // update/ (issue 30) sits with services: plain decisions about updates, asked by app/modules/updates.ts.
  update: ['app', 'ipc', 'sandbox'],
};
// The SQLite room is one implementation of the storage port: only the composition root (and tests)
// pick it; everything else sees the port. And only that room speaks to better-sqlite3.
const COMPOSITION_ROOT = ['src-main/app/app-services.ts', 'src-main/app/open-storage.ts'];
const SQLITE_ROOM = {
  regex: '^(\\./|(\\.\\./)+)(storage/)?sqlite(/|$)',
  message:
    'storage/sqlite is chosen by the composition root (app/app-services.ts, app/open-storage.ts) alone; import the port (storage/port).',
};
const NO_SQLITE_DRIVER = {
  name: 'better-sqlite3',
  message: 'Only src-main/storage/sqlite talks to better-sqlite3; elsewhere use the storage port.',
};
const layerPatterns = (layer, banned, { sqliteRoom = true } = {}) => [
  ...(banned.length
    ? [
        {
          regex: climbTo(banned),
          message: `src-main/${layer} may not import ${banned.join(', ')}: layers run protocol ← api ← storage ← services ← app.`,
        },
      ]
    : []),
  ...(layer === 'app' || layer === 'ipc' ? [] : [CONTRACT]),
  ...(layer === 'sandbox' ? [] : [SANDBOX_INDEX]),
  ...(sqliteRoom ? [SQLITE_ROOM] : []),
];
const layerBlock = (layer, banned) => ({
  files: [`src-main/${layer}/**/*.{ts,tsx,js,mjs}`],
  rules: { [RULE]: restrict(layerPatterns(layer, banned), [NO_SQLITE_DRIVER]) },
});
const storageBlocks = [
  {
    files: ['src-main/storage/sqlite/**/*.{ts,tsx,js,mjs}'],
    rules: { [RULE]: restrict(layerPatterns('storage', MAIN_BELOW.storage, { sqliteRoom: false })) },
  },
  // team/ sits with services (it uses the storage rooms and services' atomic file, never app or ipc).
  {
    files: ['src-main/team/**/*.{ts,tsx,js,mjs}'],
    rules: { [RULE]: restrict(layerPatterns('team', ['app', 'ipc']), [NO_SQLITE_DRIVER]) },
  },
  // books/ (issue 29: rate provenance, exports) sits with services: the storage port, never app or ipc.
  {
    files: ['src-main/books/**/*.{ts,tsx,js,mjs}'],
    rules: { [RULE]: restrict(layerPatterns('books', ['app', 'ipc']), [NO_SQLITE_DRIVER]) },
  },
  {
    files: COMPOSITION_ROOT,
    rules: { [RULE]: restrict(layerPatterns('app', [], { sqliteRoom: false }), [NO_SQLITE_DRIVER]) },
  },
];

// The renderer may use the contract's types, never its values, with one exception: lib/contract-check.ts
// checks main's answers with the schemas. It is loaded only by import() (lib/contract-loader.ts), so
// zod and the schemas stay in a chunk of their own, out of the initial bundle.
const CONTRACT_CHECK = 'src-renderer/src/lib/contract-check.ts';
const CONTRACT_TYPES_ONLY = {
  paths: ['@contract', '@bridge'].map((name) => ({
    name,
    allowTypeImports: true,
    message:
      'The renderer imports only types from the contract (`import type`); lib/contract-check.ts alone checks with its schemas.',
  })),
  patterns: [
    {
      regex: '(^|/)(src-preload|src-shared/contract)(/|$)',
      allowTypeImports: true,
      message: 'Use `import type` from @contract / @bridge; the renderer never loads preload code.',
    },
    {
      regex: '(^|/)contract-check$',
      allowTypeImports: true,
      message:
        'Load lib/contract-check.ts with loadContractCheck() (lib/contract-loader.ts): a static import puts zod and every schema in the initial bundle.',
    },
  ],
};
const FEATURES = readdirSync(new URL('./src-renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBlock = (feature) => ({
  files: [`src-renderer/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    [RULE]: restrict(
      [
        ...CONTRACT_TYPES_ONLY.patterns,
        NO_MAIN,
        {
          regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
          message: 'Features do not import each other: move the shared piece to components/ or lib/.',
        },
      ],
      CONTRACT_TYPES_ONLY.paths,
    ),
  },
});

// Below the features the renderer runs one way: lib ← (components, stores) ← features ← shell.
// components/ is pure UI (state comes in by props or context); lib/ is plain code and hooks; stores/
// hold the state screens share and know no screen.
const RENDERER_BELOW = {
  components: {
    banned: ['features', 'stores', 'shell'],
    why: 'components/ is pure UI: pass state in by props (or a context the shell provides).',
  },
  lib: {
    banned: ['components', 'features', 'stores', 'shell'],
    why: 'lib/ is plain code and hooks that know no UI, store or screen.',
  },
  stores: {
    banned: ['features', 'components', 'shell'],
    why: 'stores/ hold shared state and know no screen: move the piece they need to lib/.',
  },
};
const rendererLayerBlock = ([room, { banned, why }]) => ({
  files: [`src-renderer/src/${room}/**/*.{ts,tsx}`],
  rules: {
    [RULE]: restrict(
      [
        ...CONTRACT_TYPES_ONLY.patterns,
        NO_MAIN,
        { regex: climbTo(banned), message: `${room}/ may not import ${banned.join(', ')}: ${why}` },
      ],
      CONTRACT_TYPES_ONLY.paths,
    ),
  },
});
const LIB_BANNED = {
  regex: climbTo(RENDERER_BELOW.lib.banned),
  message: `lib/ may not import ${RENDERER_BELOW.lib.banned.join(', ')}: ${RENDERER_BELOW.lib.why}`,
};

// src-shared runs in main, the preload's checks and the renderer alike: no process's code, no
// Node built-in. The contract sits on top of the shared domain; the money module at its bottom.
const SHARED_ONLY = [
  NO_MAIN,
  {
    regex: '(^|/)(src-preload|src-renderer)(/|$)|^@bridge$|^electron$|^node:',
    message: 'src-shared is loaded by main and the renderer alike: no process code, no Node built-ins.',
  },
];
const CONTRACT_ON_TOP = {
  regex: '^@contract$|^@shared/contract(/|$)|(^|/)contract(/|$)',
  message: 'The IPC contract composes the shared domain; the domain and the money module never import it.',
};
const MONEY_AT_BOTTOM = {
  regex: '^@shared/(?!money/)|^\\.\\./|^zod$',
  message: 'src-shared/money is the floor: it imports only its own files (and decimal.js).',
};

const boundaries = [
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: { [RULE]: restrict([...CONTRACT_TYPES_ONLY.patterns, NO_MAIN], CONTRACT_TYPES_ONLY.paths) },
  },
  ...FEATURES.map(featureBlock),
  ...Object.entries(RENDERER_BELOW).map(rendererLayerBlock),
  { files: [CONTRACT_CHECK], rules: { [RULE]: restrict([NO_MAIN, LIB_BANNED]) } },
  { files: ['src-preload/**/*.ts'], rules: { [RULE]: restrict([NO_MAIN]) } },
  { files: ['src-shared/**/*.ts'], rules: { [RULE]: restrict([...SHARED_ONLY, CONTRACT_ON_TOP]) } },
  { files: ['src-shared/contract/**/*.ts'], rules: { [RULE]: restrict(SHARED_ONLY) } },
  {
    files: ['src-shared/money/**/*.ts'],
    rules: { [RULE]: restrict([...SHARED_ONLY, CONTRACT_ON_TOP, MONEY_AT_BOTTOM]) },
  },
  {
    files: ['src-main/*.ts'],
    rules: {
      [RULE]: restrict(
        [
          {
            regex: climbTo(['ipc']),
            message: 'src-main/ipc is reached only from src-main/app and src-main/ipc.',
          },
          CONTRACT,
          SANDBOX_INDEX,
          SQLITE_ROOM,
        ],
        [NO_SQLITE_DRIVER],
      ),
    },
  },
  ...Object.entries(MAIN_BELOW).map(([layer, banned]) => layerBlock(layer, banned)),
  ...storageBlocks,
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'test/system/e2e/artifacts/**',
      'test-results/**',
      // The bundled copy of a config that electron-vite and vite write beside it while a build runs
      // (CI lints beside the build): gone before it could be read.
      '**/*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Money must stay a decimal string: floats silently lose cents.
      'no-restricted-globals': [
        'error',
        {
          name: 'parseFloat',
          message: 'Money stays a decimal string; use the money module (src-shared/money).',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: 'Money stays a decimal string.' },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}', 'test/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Tests are exempt from the layering: they wire pieces together on purpose.
  ...boundaries,
);
