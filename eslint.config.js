import js from '@eslint/js';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which zone may import what (see README, "Zones"). Kept as data: each zone lists the
 * import patterns it must not use.
 */
const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'child_process', 'crypto', 'stream', 'url', 'worker_threads', 'events', 'util', 'zlib'];
const zones = {
  'src-shared': {
    forbidden: ['electron', 'electron/*', ...NODE_BUILTINS, 'ws', 'fastify', 'ky', 'vue', 'pinia', 'vue-router', 'dompurify', '**/src-main/**', '**/src-renderer/**', '**/src-server/**'],
    message: 'src-shared runs anywhere: no electron, no Node built-ins, no DOM-only modules, nothing of other zones.',
  },
  'src-renderer': {
    forbidden: ['electron', 'electron/*', ...NODE_BUILTINS, 'ws', 'fastify', '**/src-main/**', '**/src-server/**'],
    message: 'The renderer is sandboxed: it imports only src-shared and browser libraries.',
  },
  'src-server': {
    forbidden: ['electron', 'electron/*', '**/src-main/**', '**/src-renderer/**'],
    message: 'The reference server is plain Node and imports only src-shared.',
  },
  'src-main/core': {
    forbidden: ['electron', 'electron/*', '**/src-renderer/**'],
    message: 'src-main/core is plain Node: electron is imported only by src-main/electron and src-main/preload.',
  },
  'src-main/harness': {
    forbidden: ['electron', 'electron/*', '**/src-renderer/**'],
    message: 'The browser harness runs without Electron.',
  },
  'src-main/electron': {
    forbidden: ['**/src-renderer/**', '**/src-server/**'],
    message: 'Electron glue imports core and shared only (the demo server comes through core).',
  },
  'src-main/preload': {
    forbidden: ['**/src-renderer/**', '**/src-server/**', '**/core/**'],
    message: 'The preload imports only electron and types.',
  },
};

const boundaryRules = Object.entries(zones).map(([zone, { forbidden, message }]) => ({
  files: [`${zone}/**/*.{ts,vue}`],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
}));

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
  ...boundaryRules,
);
