/**
 * `npm run bench [-- --quick] [--scale <s>] [--only mirror,peer,rate,delta,ui,scaling] [--route <r>]`
 *
 * Measures Outpost's mirror through the real path (reference server → main-side
 * process → bridge → Dexie in headless Chromium) beside the limits of this machine and
 * a peer, all in one run, and prints a table; the same figures go to
 * bench-results/bench-<timestamp>.json. Targets are reported, never asserted.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type Scale } from '../../src-server/index.js';
import { planFromArgs, type BenchPlan } from './bench-plan.js';
import { openBenchPage } from './browser/bench-page.js';
import { launchBenchBrowser, type BenchBrowser } from './browser/chromium.js';
import type { DownloadResult } from './main-host/host-protocol.js';
import type { BenchResults, ScalingPoint } from './report/results.js';
import { formatTable, summarize } from './report/summary.js';
import { mirrorThroughApp, type AppMirrorResult, type OpenMirror } from './scenarios/app-mirror.js';
import { changeSampledRows, deltaPass } from './scenarios/delta-pass.js';
import { bindingTimeScale, rateLimitedMirror } from './scenarios/rate-limited.js';
import { measureUi } from './scenarios/ui-latency.js';
import { startBenchOrigin } from './support/bench-origin.js';
import { buildPages, resultsDir, type BuiltPages } from './support/build-pages.js';
import { machineInfo } from './support/machine-info.js';
import { memoryAfter } from './support/memory-sampler.js';
import { mirroredScopes, toDownloadScope, toPageScope } from './support/mirrored-scopes.js';
import { rowsPerSecondByTenth } from './support/timeline.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const plan = planFromArgs(process.argv.slice(2));
const started = performance.now();
const log = (message: string) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
const rate = (rows: number, ms: number) => (ms > 0 ? (rows * 1000) / ms : 0);

const results: BenchResults = {
  version: 1,
  startedAt: new Date().toISOString(),
  plan: { ...plan, sections: [...plan.sections] },
  errors: {},
  notes: [],
};

/** Unthrottled mirrors by scale, for the rate-limited section's bound and time factor. */
const unthrottled = new Map<string, AppMirrorResult>();

async function section<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    results.errors[name] = (error as Error).message;
    log(`${name} FAILED: ${(error as Error).stack ?? String(error)}`);
    return undefined;
  }
}

async function startWorkspace(scale: Scale): Promise<RunningServer> {
  const t0 = performance.now();
  const server = await startServer({ port: 0, quiet: true, scale, seed: plan.seed });
  log(`reference server at scale ${scale} up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return server;
}

async function mirror(server: RunningServer, browser: BenchBrowser, pages: BuiltPages, scale: Scale): Promise<OpenMirror> {
  log(`mirroring scale ${scale} through the app…`);
  const open = await mirrorThroughApp({ server, context: browser.context, rendererDir: pages.rendererDir, route: plan.route, budget: null, timeoutMs: plan.timeoutMs });
  const r = open.result;
  unthrottled.set(String(scale), r);
  for (const failed of r.failed) results.notes.push(`scale ${scale}: scope failed: ${failed}`);
  log(`  ${r.rows} rows in ${(r.ms / 1000).toFixed(1)} s = ${Math.round(r.rowsPerSecond)} rows/s, ${r.requests} requests`);
  return open;
}

async function headline(pages: BuiltPages): Promise<void> {
  const server = await startWorkspace(plan.scale);
  const browser = await launchBenchBrowser({ executablePath: CHROMIUM });
  let open: OpenMirror | undefined;
  try {
    open = await mirror(server, browser, pages, plan.scale);
    const ours = open.result;
    const after = await memoryAfter(open.host, open.page);
    results.memory = {
      mainPeakRssMb: ours.memory.mainPeakRssMb,
      mainAfterRssMb: after.mainRssMb,
      rendererPeakHeapMb: ours.memory.rendererPeakHeapMb,
      rendererAfterHeapMb: after.rendererHeapMb,
    };
    // Nothing scheduled may run beside the measurements that follow; `sync.now` still runs.
    await open.host.call('settings.set', { paused: true });
    const counters = await open.host.request({ op: 'counters', reset: true });
    const scopes = mirroredScopes(ours.status, server.url);

    log('limit (b): download and JSON.parse of every page in the main-side process…');
    const download: DownloadResult = await open.host.request({ op: 'download', scopes: scopes.map(toDownloadScope), parallel: 4, sampleEvery: 100 });
    log(`  ${download.rows} rows in ${(download.ms / 1000).toFixed(1)} s = ${Math.round(rate(download.rows, download.ms))} rows/s`);
    if (download.rows !== ours.rows) results.notes.push(`limit (b) read ${download.rows} rows, the mirror ${ours.rows}`);

    if (plan.sections.has('delta')) {
      await section('4 delta', async () => {
        log('delta pass, nothing changed…');
        const unchanged = await deltaPass(open!.host, server, scopes, 0, plan.timeoutMs);
        const changed = changeSampledRows(server, scopes, download.sampledKeys);
        log(`delta pass, ${changed} rows changed…`);
        const onePercent = await deltaPass(open!.host, server, scopes, changed, plan.timeoutMs);
        results.delta = { unchanged, onePercent };
      });
    }
    if (plan.sections.has('ui')) {
      await section('5 UI', async () => {
        log('UI timings on the biggest list…');
        await open!.page.close();
        results.ui = await measureUi({ context: browser.context, harnessUrl: open!.host.harnessUrl, server, scopes, sweepFrames: plan.sweepFrames });
      });
    }
    await open.close();
    open = undefined;

    const origin = await startBenchOrigin(pages.pageDir, server.url);
    try {
      const limitPage = await openBenchPage(browser.context, origin.url, 'limit');
      log('limit (a): bulkPut of the same rows into the same tables in Chromium…');
      const bulk = await limitPage.run('bulkPutLimit', { scopes: scopes.map(toPageScope), token: server.token, dbName: 'outpost-bench-limit', parallel: plan.parallel });
      await limitPage.close();
      log(`  ${bulk.rows} rows in ${(bulk.writeMs / 1000).toFixed(1)} s of writing = ${Math.round(rate(bulk.rows, bulk.writeMs))} rows/s`);
      const limitA = rate(bulk.rows, bulk.writeMs);
      const limitB = rate(download.rows, download.ms);
      results.mirror = {
        rows: ours.rows,
        scopes: scopes.length,
        requests: ours.requests,
        ours: { ms: ours.ms, rowsPerSecond: ours.rowsPerSecond },
        bulkPut: { rows: bulk.rows, writeMs: bulk.writeMs, rowsPerSecond: limitA },
        download: { rows: download.rows, pages: download.pages, megabytes: download.bytes / 1024 ** 2, ms: download.ms, rowsPerSecond: limitB },
        ratio: ours.rowsPerSecond / Math.min(limitA, limitB),
        applyMsTotal: counters.applyMs,
      };
      if (plan.sections.has('peer')) {
        await section('2 peer', async () => {
          const rxPage = await openBenchPage(browser.context, origin.url, 'rxdb');
          log('peer: RxDB replicating the same lists…');
          const rx = await rxPage.run('rxdbMirror', { scopes: scopes.map(toPageScope), token: server.token, dbName: 'outpost-bench-rxdb', parallel: plan.parallel });
          await rxPage.close();
          log(`  ${rx.rows} rows in ${(rx.ms / 1000).toFixed(1)} s = ${Math.round(rate(rx.rows, rx.ms))} rows/s`);
          const differing = scopes.filter((s) => rx.rowsByScope[s.scope] !== s.rows).map((s) => `${s.scope} ${rx.rowsByScope[s.scope] ?? 0}/${s.rows}`);
          if (differing.length > 0) results.notes.push(`RxDB row counts differ from ours in ${differing.length} lists: ${differing.slice(0, 5).join(', ')}`);
          for (const failed of rx.failed) results.notes.push(`RxDB: ${failed}`);
          const rxRate = rate(rx.rows, rx.ms);
          results.peer = { rows: rx.rows, requests: rx.requests, ms: rx.ms, rowsPerSecond: rxRate, ratio: ours.rowsPerSecond / rxRate };
        });
      }
    } finally {
      await origin.close();
    }
  } finally {
    await open?.close();
    await browser.close();
    await server.close();
  }
}

async function scaling(pages: BuiltPages): Promise<void> {
  const points: Omit<ScalingPoint, 'relative'>[] = [];
  for (const fraction of plan.scalingFractions) {
    const server = await startWorkspace(fraction);
    const browser = await launchBenchBrowser({ executablePath: CHROMIUM });
    try {
      const open = await mirror(server, browser, pages, fraction);
      await open.close();
      points.push({ scale: fraction, rows: open.result.rows, ms: open.result.ms, rowsPerSecond: open.result.rowsPerSecond });
    } finally {
      await browser.close();
      await server.close();
    }
  }
  const top = unthrottled.get(String(plan.scale));
  if (top) points.push({ scale: plan.scale === 'large' ? 1 : plan.scale, rows: top.rows, ms: top.ms, rowsPerSecond: top.rowsPerSecond });
  const largest = [...points].sort((a, b) => b.rows - a.rows)[0];
  results.scaling = {
    points: points.map((p) => ({ ...p, relative: largest ? p.rowsPerSecond / largest.rowsPerSecond : 1 })),
    tenths: top ? rowsPerSecondByTenth(top.timeline, top.rows) : [],
  };
}

async function rateLimited(pages: BuiltPages): Promise<void> {
  const { scale, perMinute } = plan.rateLimited;
  let reference = unthrottled.get(String(scale));
  if (!reference) {
    const server = await startWorkspace(scale);
    const browser = await launchBenchBrowser({ executablePath: CHROMIUM });
    try {
      const open = await mirror(server, browser, pages, scale);
      await open.close();
      reference = open.result;
    } finally {
      await browser.close();
      await server.close();
    }
  }
  const timeScale = bindingTimeScale(reference.requests, reference.ms, perMinute);
  log(`rate-limited tenant: ${perMinute}/min, time ×${timeScale}, ${reference.requests} requests needed…`);
  const browser = await launchBenchBrowser({ executablePath: CHROMIUM });
  try {
    results.rate = await rateLimitedMirror({
      scale,
      seed: plan.seed,
      perMinute,
      timeScale,
      requestsNeeded: reference.requests,
      context: browser.context,
      rendererDir: pages.rendererDir,
      route: plan.route,
      timeoutMs: plan.timeoutMs,
    });
    log(`  ${(results.rate.tenantMs / 1000).toFixed(1)} s tenant time against a bound of ${(results.rate.boundMs / 1000).toFixed(1)} s, ${results.rate.status429} × 429`);
  } finally {
    await browser.close();
  }
}

function needsHeadline(p: BenchPlan): boolean {
  return ['mirror', 'peer', 'delta', 'ui'].some((s) => p.sections.has(s as never)) || p.sections.has('scaling');
}

log(`${plan.mode} run: headline scale ${plan.scale}, sections ${[...plan.sections].join(', ')}`);
results.machine = await machineInfo(CHROMIUM);
log('building the renderer and the bench pages…');
const pages = await buildPages();
if (needsHeadline(plan)) await section('1 mirror', () => headline(pages));
if (plan.sections.has('scaling')) await section('7 scaling', () => scaling(pages));
if (plan.sections.has('rate')) await section('3 rate limit', () => rateLimited(pages));

results.finishedAt = new Date().toISOString();
results.durationMs = performance.now() - started;
results.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100);
await mkdir(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${results.startedAt.replace(/[:.]/g, '-')}.json`);
const table = summarize(results);
await writeFile(file, `${JSON.stringify({ ...results, table }, null, 2)}\n`);
const m = results.machine;
process.stdout.write(
  `\nOutpost bench (${plan.mode}, ${((results.durationMs ?? 0) / 1000).toFixed(0)} s) on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.chromium}, Node ${m.node}; load ${m.loadAverageAtStart.join('/')} → ${(m.loadAverageAtEnd ?? []).join('/')}\n\n` +
    `${formatTable(table)}\n${results.notes.map((n) => `note: ${n}`).join('\n')}\n\nfigures: ${file}\n`,
);
