import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The zones (see README, "Zones"), named by where they run, as VS Code names its
 * `common / node / electron-main / electron-browser` folders. The first pattern a file
 * matches decides its zone, so `core-demo` comes before `core`.
 */
export const ZONES = [
  { type: 'shared', pattern: 'src-shared' },
  { type: 'core-demo', pattern: 'src-main/core/demo' },
  { type: 'core', pattern: 'src-main/core' },
  { type: 'electron', pattern: 'src-main/electron' },
  { type: 'preload', pattern: 'src-main/preload' },
  { type: 'harness', pattern: 'src-main/harness' },
  { type: 'server', pattern: 'src-server' },
  { type: 'renderer', pattern: 'src-renderer' },
].map((zone) => ({ ...zone, partialMatch: false }));

/**
 * What each zone may import, and nothing else: its own files, the zones named, the
 * packages named, and Node's built-ins where `node` is set. Kept as data, as VS Code
 * keeps its allowed-imports map in `eslint.config.js`.
 */
export const MAY_IMPORT = {
  shared: {
    zones: [],
    packages: ['zod', 'dexie', 'fast-json-patch', 'marked'],
    why: 'src-shared runs anywhere: nothing of ours, no electron, no Node built-ins, no DOM-only modules.',
  },
  core: {
    zones: ['shared', 'core-demo'],
    packages: ['ky', 'zod', 'fast-json-patch', 'dexie', 'fflate', 'electron-log'],
    node: true,
    why: 'src-main/core is plain Node and imports src-shared; only core/demo may reach the reference server, and only src-main/electron imports electron (the Node entry of electron-log has no electron in it).',
  },
  'core-demo': {
    zones: ['shared', 'core', 'server'],
    packages: [],
    node: true,
    why: 'The embedded demo starts the reference server: it imports core, shared and src-server.',
  },
  electron: {
    // The preload's channel names are shared with main until the bridge has one wire.
    zones: ['shared', 'core', 'core-demo', 'preload'],
    packages: ['electron', 'zod', 'electron-updater'],
    node: true,
    why: 'Electron glue imports core and shared (the demo server comes through core).',
  },
  preload: {
    zones: [],
    packages: ['electron'],
    types: ['shared'],
    why: 'The preload imports only electron, and types.',
  },
  harness: {
    zones: ['shared', 'core'],
    packages: ['ws'],
    node: true,
    why: 'The browser harness runs core in plain Node without Electron.',
  },
  server: {
    zones: ['shared'],
    packages: ['fastify', 'zod', 'fast-json-patch', 'marked'],
    node: true,
    why: 'The reference server is plain Node and imports only src-shared.',
  },
  renderer: {
    zones: ['shared'],
    packages: ['vue', 'vue-router', 'pinia', 'naive-ui', 'dexie', 'zod', 'dompurify', 'marked', 'turndown', 'turndown-plugin-gfm', 'chart.js', 'vue-chartjs', 'papaparse', '@tanstack/vue-virtual', 'flexsearch'],
    why: 'The renderer is sandboxed: it imports only src-shared and browser libraries.',
  },
};

/** Shared files the renderer must not reach, so the sandboxed bundle stays small. */
const NOT_FOR_THE_RENDERER = [{ category: 'openapi', pattern: 'src-shared/api/openapi.ts' }];

/** The allow-list as the plugin's policies: everything not allowed here is an error. */
const zonePolicies = Object.entries(MAY_IMPORT).map(([type, rule]) => ({
  from: { element: { type } },
  allow: [
    { to: { element: { types: { anyOf: [type, ...rule.zones] } } } },
    ...(rule.packages.length ? [{ to: { module: { origin: 'external', source: rule.packages.flatMap((name) => [name, `${name}/**`]) } } }] : []),
    ...(rule.node ? [{ to: { module: { origin: 'core' } } }] : []),
    ...(rule.types ?? []).map((zone) => ({ to: { element: { type: zone } }, dependency: { kind: 'type' } })),
  ],
}));

const dependencyPolicies = [
  ...zonePolicies,
  {
    from: { element: { type: 'renderer' } },
    disallow: { to: { file: { categories: 'openapi' } } },
    message: 'The OpenAPI builder is for the server and tests: the renderer imports src-shared/api without it.',
  },
];

/**
 * One block per zone, so an error says why the zone is fenced; later blocks win, so
 * core/demo's block (after core's) decides for its files.
 */
const boundaryRules = [
  {
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ZONES,
      'boundaries/files': NOT_FOR_THE_RENDERER,
      'boundaries/include': ['src-*/**/*.{ts,vue}'],
      'import/resolver': { './scripts/eslint-import-resolver.cjs': {} },
    },
  },
  ...ZONES.map(({ type, pattern }) => ({
    files: [`${pattern}/**/*.{ts,vue}`],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          policies: dependencyPolicies,
          message: `'{{dependency.source}}' is not on ${type}'s allow-list: ${MAY_IMPORT[type].why}`,
        },
      ],
    },
  })),
];

/**
 * Views reach main only through the Pinia stores: only main.ts connects the bridge,
 * and only the stores take it from the app context.
 */
const rendererBridgeRules = {
  files: ['src-renderer/**/*.{ts,vue}'],
  ignores: ['src-renderer/main.ts', 'src-renderer/stores/**'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\.?/)+bridge\\.js$', message: 'Only main.ts connects the bridge; views reach main through the stores.' }] }],
    'no-restricted-syntax': [
      'error',
      {
        selector: "VariableDeclarator[init.callee.name='useAppContext'] > ObjectPattern > Property[key.name='bridge']",
        message: 'Views reach main through the Pinia stores (stores/), not the bridge.',
      },
      {
        selector: "MemberExpression[object.callee.name='useAppContext'][property.name='bridge']",
        message: 'Views reach main through the Pinia stores (stores/), not the bridge.',
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'dist-renderer/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/no-v-html': 'error',
      'vue/multi-word-component-names': 'off',
      // Line layout of templates is a formatter's business, not a lint error.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}', 'tests/renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src-shared/**/*.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
  },
  {
    // CommonJS by necessity (loaded with require() by eslint-module-utils).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaryRules,
  rendererBridgeRules,
);
