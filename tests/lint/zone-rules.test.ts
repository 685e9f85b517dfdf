import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The allow-list as eslint.config.js declares it (a JavaScript file, so typed here by hand). */
type AllowList = Record<'shared' | 'core' | 'core-demo' | 'electron' | 'preload' | 'harness' | 'server' | 'renderer', { readonly why: string }>;
const configUrl = new URL('../../eslint.config.js', import.meta.url).href;
const { MAY_IMPORT } = (await import(configUrl)) as { MAY_IMPORT: AllowList };

/**
 * Each zone rule of eslint.config.js, proved on a file that breaks it and one that
 * obeys it. The files are linted from memory under a path inside the zone, so the
 * imports resolve against the real tree and `npm run lint` never sees them.
 */
interface Case {
  readonly zone: keyof AllowList | 'renderer-bridge';
  readonly rule: string;
  readonly path: string;
  readonly breaks: string;
  readonly obeys: string;
  readonly ruleId?: string;
}

const use = (names: string) => `\nexport const used = [${names}];\n`;

const CASES: Case[] = [
  {
    zone: 'shared',
    rule: 'src-shared imports nothing of ours',
    path: 'src-shared/api/zone-fixture.ts',
    breaks: `import { systemClock } from '../../src-main/core/clock.js';${use('systemClock')}`,
    obeys: `import { z } from 'zod';\nimport { endpoints } from './index.js';${use('z, endpoints')}`,
  },
  {
    zone: 'shared',
    rule: 'src-shared imports no electron',
    path: 'src-shared/api/zone-fixture.ts',
    breaks: `import { app } from 'electron';${use('app')}`,
    obeys: `import { Dexie } from 'dexie';${use('Dexie')}`,
  },
  {
    zone: 'shared',
    rule: 'src-shared imports no Node built-in',
    path: 'src-shared/api/zone-fixture.ts',
    breaks: `import { readFile } from 'node:fs/promises';${use('readFile')}`,
    obeys: `import { applyPatch } from 'fast-json-patch';${use('applyPatch')}`,
  },
  {
    zone: 'core',
    rule: 'core reaches the reference server only from core/demo',
    path: 'src-main/core/sync/zone-fixture.ts',
    breaks: `import { startServer } from '../../../src-server/index.js';${use('startServer')}`,
    obeys: `import { endpoints } from '../../../src-shared/api/index.js';\nimport { systemClock } from '../clock.js';\nimport { join } from 'node:path';${use('endpoints, systemClock, join')}`,
  },
  {
    zone: 'core-demo',
    rule: 'core/demo may start the reference server',
    path: 'src-main/core/demo/zone-fixture.ts',
    breaks: `import { app } from 'electron';${use('app')}`,
    obeys: `import { startServer } from '../../../src-server/index.js';\nimport { systemClock } from '../clock.js';${use('startServer, systemClock')}`,
  },
  {
    zone: 'core',
    rule: 'core imports no electron',
    path: 'src-main/core/zone-fixture.ts',
    breaks: `import { app } from 'electron';${use('app')}`,
    obeys: `import ky from 'ky';${use('ky')}`,
  },
  {
    zone: 'core',
    rule: 'nothing but src-main/electron imports src-main/electron (core)',
    path: 'src-main/core/zone-fixture.ts',
    breaks: `import { resolveAppPath } from '../electron/app-path.js';${use('resolveAppPath')}`,
    obeys: `import { startDemoServer } from './demo/demo-server.js';${use('startDemoServer')}`,
  },
  {
    zone: 'electron',
    rule: 'the Electron glue imports core and shared, not the reference server',
    path: 'src-main/electron/zone-fixture.ts',
    breaks: `import { startServer } from '../../src-server/index.js';${use('startServer')}`,
    obeys: `import { app } from 'electron';\nimport { systemClock } from '../core/clock.js';\nimport { resolveAppPath } from './app-path.js';\nimport { COMMAND_NAMES } from '../../src-shared/bridge/index.js';${use('app, systemClock, resolveAppPath, COMMAND_NAMES')}`,
  },
  {
    zone: 'preload',
    rule: 'the preload imports only electron and types',
    path: 'src-main/preload/zone-fixture.ts',
    breaks: `import { COMMAND_NAMES } from '../../src-shared/bridge/index.js';${use('COMMAND_NAMES')}`,
    obeys: `import { ipcRenderer } from 'electron';\nimport type { Bridge } from '../../src-shared/bridge/index.js';\nexport const used: [typeof ipcRenderer, Bridge | null] = [ipcRenderer, null];\n`,
  },
  {
    zone: 'preload',
    rule: 'the preload imports no Node built-in',
    path: 'src-main/preload/zone-fixture.ts',
    breaks: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    obeys: `import { contextBridge } from 'electron';${use('contextBridge')}`,
  },
  {
    zone: 'preload',
    rule: 'nothing but src-main/electron imports src-main/electron (preload)',
    path: 'src-main/preload/zone-fixture.ts',
    breaks: `import { resolveAppPath } from '../electron/app-path.js';${use('resolveAppPath')}`,
    obeys: `import type { MirrorStore } from '../../src-shared/store/index.js';\nexport const used: MirrorStore | null = null;\n`,
  },
  {
    zone: 'harness',
    rule: 'nothing but src-main/electron imports src-main/electron (harness)',
    path: 'src-main/harness/zone-fixture.ts',
    breaks: `import { resolveAppPath } from '../electron/app-path.js';${use('resolveAppPath')}`,
    obeys: `import { WebSocketServer } from 'ws';\nimport { systemClock } from '../core/clock.js';\nimport { createServer } from 'node:http';${use('WebSocketServer, systemClock, createServer')}`,
  },
  {
    zone: 'harness',
    rule: 'the harness runs without electron',
    path: 'src-main/harness/zone-fixture.ts',
    breaks: `import { app } from 'electron';${use('app')}`,
    obeys: `import { endpoints } from '../../src-shared/api/index.js';${use('endpoints')}`,
  },
  {
    zone: 'server',
    rule: 'the reference server imports only src-shared',
    path: 'src-server/zone-fixture.ts',
    breaks: `import { systemClock } from '../src-main/core/clock.js';${use('systemClock')}`,
    obeys: `import Fastify from 'fastify';\nimport { endpoints } from '../src-shared/api/index.js';\nimport { buildOpenApiDocument } from '../src-shared/api/openapi.js';${use('Fastify, endpoints, buildOpenApiDocument')}`,
  },
  {
    zone: 'renderer',
    rule: 'the renderer imports nothing of main',
    path: 'src-renderer/views/zone-fixture.ts',
    breaks: `import { systemClock } from '../../src-main/core/clock.js';${use('systemClock')}`,
    obeys: `import { ref } from 'vue';\nimport { endpoints } from '../../src-shared/api/index.js';\nimport { useAppContext } from '../app-context.js';${use('ref, endpoints, useAppContext')}`,
  },
  {
    zone: 'renderer',
    rule: 'the renderer imports no Node built-in',
    path: 'src-renderer/lib/zone-fixture.ts',
    breaks: `import { join } from 'node:path';${use('join')}`,
    obeys: `import DOMPurify from 'dompurify';${use('DOMPurify')}`,
  },
  {
    zone: 'renderer',
    rule: 'the renderer imports src-shared/api without the OpenAPI builder',
    path: 'src-renderer/lib/zone-fixture.ts',
    breaks: `import { buildOpenApiDocument } from '../../src-shared/api/openapi.js';${use('buildOpenApiDocument')}`,
    obeys: `import { endpoints } from '../../src-shared/api/index.js';${use('endpoints')}`,
  },
  {
    zone: 'renderer-bridge',
    rule: 'only main.ts connects the bridge',
    path: 'src-renderer/views/zone-fixture.ts',
    breaks: `import { connectBridge } from '../bridge.js';${use('connectBridge')}`,
    obeys: `import type { Bridge } from '../../src-shared/bridge/index.js';\nexport const used: Bridge | null = null;\n`,
    ruleId: 'no-restricted-imports',
  },
  {
    zone: 'renderer-bridge',
    rule: 'views take the database, not the bridge, from the app context',
    path: 'src-renderer/components/ZoneFixture.vue',
    breaks: `<script setup lang="ts">\nimport { useAppContext } from '../app-context.js';\nconst { bridge } = useAppContext();\nvoid bridge;\n</script>\n\n<template>\n  <span />\n</template>\n`,
    obeys: `<script setup lang="ts">\nimport { useAppContext } from '../app-context.js';\nconst { db } = useAppContext();\nvoid db;\n</script>\n\n<template>\n  <span />\n</template>\n`,
    ruleId: 'no-restricted-syntax',
  },
  {
    zone: 'renderer-bridge',
    rule: 'the stores are where the bridge is used',
    path: 'src-renderer/composables/zone-fixture.ts',
    breaks: `import { useAppContext } from '../app-context.js';\nexport const call = () => useAppContext().bridge;\n`,
    obeys: `import { useAppContext } from '../app-context.js';\nexport const read = () => useAppContext().db;\n`,
    ruleId: 'no-restricted-syntax',
  },
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });
});

async function lint(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', path) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('the zone rules', () => {
  it.each(CASES)('$rule: a file that breaks it is an error', async ({ breaks, path, ruleId }) => {
    const messages = await lint(breaks, path);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.ruleId).toBe(ruleId ?? 'boundaries/dependencies');
  });

  it.each(CASES)('$rule: a file that obeys it passes', async ({ obeys, path }) => {
    expect(await lint(obeys, path)).toEqual([]);
  });

  it('says which zone refused the import and why', async () => {
    const [message] = await lint(CASES[3]!.breaks, CASES[3]!.path);
    expect(message!.message).toBe(`'../../../src-server/index.js' is not on core's allow-list: ${MAY_IMPORT.core.why}`);
  });

  it('proves a rule for every zone of the allow-list', () => {
    expect(new Set(CASES.map((c) => c.zone))).toEqual(new Set([...Object.keys(MAY_IMPORT), 'renderer-bridge']));
  });
});
