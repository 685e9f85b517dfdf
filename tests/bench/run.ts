/**
 * `npm run bench [-- --quick] [--scale <s>] [--peer-scale <s>] [--limit-a-seconds <s>] [--only mirror,peer,rate,delta,ui,scaling,search] [--route <r>] [--search-rows <n>]`
 *
 * Measures Outpost's mirror through the real path (reference server → main-side
 * process → bridge → Dexie in headless Chromium) beside the limits of this machine and
 * a peer, all in one run, and prints a table; the same figures go to
 * bench-results/bench-<timestamp>.json. Targets are reported, never asserted.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type Scale } from '../../src-server/index.js';
import { planFromArgs } from './bench-plan.js';
import { driveBrowser, launchBenchBrowser, type BenchBrowser } from './browser/chromium.js';
import type { DownloadResult } from './main-host/host-protocol.js';
import type { BenchResults, ChunkLimitFigures, ScalingPoint } from './report/results.js';
import { formatTable, summarize } from './report/summary.js';
import { mirrorThroughApp, type AppMirrorResult, type OpenMirror } from './scenarios/app-mirror.js';
import { changeOneRowOfBiggest, changeSampledRows, deltaPass } from './scenarios/delta-pass.js';
import { bulkPutLimitRun, peerRun } from './scenarios/page-runs.js';
import { bindingTimeScale, rateLimitedMirror } from './scenarios/rate-limited.js';
import { measureUi } from './scenarios/ui-latency.js';
import { measureSearch } from './scenarios/search-index.js';
import { startBenchOrigin } from './support/bench-origin.js';
import { buildPages, resultsDir, type BuiltPages } from './support/build-pages.js';
import { cpuPerThousandRows, cpuSpent, cpuTimes } from './support/cpu-accounting.js';
import { hotSpots, type CpuProfile } from './support/cpu-profile.js';
import { machineInfo } from './support/machine-info.js';
import { memoryAfter } from './support/memory-sampler.js';
import { mirroredScopes, toDownloadScope, type MirroredScope } from './support/mirrored-scopes.js';
import { rowsPerSecondByTenth } from './support/timeline.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const plan = planFromArgs(process.argv.slice(2));
const started = performance.now();
const log = (message: string) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
const rate = (rows: number, ms: number) => (ms > 0 ? (rows * 1000) / ms : 0);
const sameScale = (a: Scale, b: Scale) => String(a) === String(b) || ((a === 'large' || b === 'large') && Number(a === 'large' ? b : a) === 1);

const results: BenchResults = {
  version: 1,
  startedAt: new Date().toISOString(),
  plan: { ...plan, sections: [...plan.sections] },
  errors: {},
  notes: [],
};

/** Unthrottled mirrors (window on the quiet route) by scale: scaling points, the peer's and the rate limit's reference. */
const unthrottled = new Map<string, AppMirrorResult>();
/** Limit (a) by scale, for the scaling points. */
const limits = new Map<string, number>();

async function section<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    results.errors[name] = (error as Error).message;
    log(`${name} FAILED: ${(error as Error).stack ?? String(error)}`);
    return undefined;
  }
}

/** A fresh Chromium with a fresh profile, as every phase of the bench starts one. */
const benchBrowser = () => launchBenchBrowser({ executablePath: CHROMIUM, extraArgs: plan.chromiumArgs });

async function mirror(server: RunningServer, pages: BuiltPages, scale: Scale, route = plan.route, profileDir?: string): Promise<OpenMirror> {
  log(`mirroring ${scale} with the window on ${route}…`);
  const open = await mirrorThroughApp({
    server,
    chromiumArgs: plan.chromiumArgs,
    rendererDir: pages.rendererDir,
    route,
    budget: null,
    timeoutMs: plan.timeoutMs,
    ...(profileDir ? { profileDir } : {}),
  });
  const r = open.result;
  for (const failed of r.failed) results.notes.push(`scale ${scale}: scope failed: ${failed}`);
  log(`  ${r.rows} rows in ${(r.ms / 1000).toFixed(1)} s = ${Math.round(r.rowsPerSecond)} rows/s, ${r.requests} requests`);
  return open;
}

/** What a workspace phase does besides our mirror. */
interface PhaseWork {
  readonly headline: boolean;
  readonly peer: boolean;
  readonly home: boolean;
  /** Limit (a) for a scaling point. */
  readonly limit: boolean;
  /** The search index over this workspace's rows and a million synthetic ones. */
  readonly search: boolean;
}

/**
 * One workspace: the reference server at `scale`, a fresh Chromium profile, our
 * mirror, then (as asked) memory, limit (b), delta passes, UI timings, limit (a), the
 * peer on the same lists, and the same mirror with the window on Home.
 */
async function workspace(pages: BuiltPages, scale: Scale, work: PhaseWork): Promise<void> {
  const t0 = performance.now();
  const server = await startServer({ port: 0, quiet: true, scale, seed: plan.seed });
  log(`reference server at scale ${scale} up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let open: OpenMirror | undefined;
  let ours: AppMirrorResult | undefined;
  const profileDir = work.headline && plan.profile ? await mkdtemp(join(tmpdir(), 'outpost-bench-cpuprofile-')) : undefined;
  try {
    open = await mirror(server, pages, scale, plan.route, profileDir);
    ours = open.result;
    unthrottled.set(String(scale), ours);
    const scopes = mirroredScopes(ours.status, server.url);
    if (work.headline) await headlineOnOpenMirror(open, server, scopes);
    await open.close();
    open = undefined;
    if (profileDir) await keepHotSpots(profileDir, ours);
    await pageRuns(pages, server, scopes, ours, scale, work);
  } finally {
    await open?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  }
  try {
    if (work.home) await section('1 mirror (Home)', () => homeWindow(server, pages, scale));
  } finally {
    await server.close();
  }
}

/** What runs in bench pages of a fresh browser once our mirror is closed: limit (a), the peer, search. */
async function pageRuns(pages: BuiltPages, server: RunningServer, scopes: MirroredScope[], ours: AppMirrorResult, scale: Scale, work: PhaseWork): Promise<void> {
  const browser = await benchBrowser();
  const origin = await startBenchOrigin(pages.pageDir, server.url);
  try {
    if (work.headline) await limitA(browser, origin.url, server, scopes, ours, scale);
    else if (work.limit) await section(`7 scaling (limit at ${scale})`, () => scalingLimit(browser, origin.url, server, scopes, scale));
    if (work.peer) await section('2 peer', () => peer(browser, origin.url, server, scopes, ours, scale));
    if (work.search) await section('8 search', () => search(browser, origin.url, server, scopes));
  } finally {
    await origin.close();
    await browser.close();
  }
}

/** The hot spots of main's profile (written when its process ended) and of the renderer's. */
async function keepHotSpots(dir: string, ours: AppMirrorResult): Promise<void> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const main = files[0] ? hotSpots(JSON.parse(await readFile(join(dir, files[0]), 'utf8')) as CpuProfile) : [];
  results.profile = { main, renderer: ours.rendererProfile ? hotSpots(ours.rendererProfile) : [] };
}

async function headlineOnOpenMirror(open: OpenMirror, server: RunningServer, scopes: MirroredScope[]): Promise<void> {
  const ours = open.result;
  const after = await memoryAfter(open.host, open.window.session);
  results.memory = {
    mainAtStartRssMb: ours.mainRssAtStartMb,
    mainPeakRssMb: ours.memory.mainPeakRssMb,
    mainPeakHeapMb: ours.memory.mainPeakHeapMb,
    mainAfterRssMb: after.mainRssMb,
    rendererPeakHeapMb: ours.memory.rendererPeakHeapMb,
    rendererAfterHeapMb: after.rendererHeapMb,
  };
  // Nothing scheduled may run beside the measurements that follow; `sync.now` still runs.
  await open.host.call('settings.set', { paused: true });
  const counters = await open.host.request({ op: 'counters', reset: true });

  log('limit (b): download and JSON.parse of every page in the main-side process…');
  const before = await cpuTimes(open.host.pid);
  const download: DownloadResult = await open.host.request({ op: 'download', scopes: scopes.map(toDownloadScope), parallel: plan.parallel, sampleEvery: 100 });
  const spent = cpuSpent(before, await cpuTimes(open.host.pid));
  log(`  ${download.rows} rows in ${(download.ms / 1000).toFixed(1)} s = ${Math.round(rate(download.rows, download.ms))} rows/s`);
  if (download.rows !== ours.rows) results.notes.push(`limit (b) read ${download.rows} rows, the mirror ${ours.rows}`);
  pendingMirror = {
    rows: ours.rows,
    scopes: scopes.length,
    requests: ours.requests,
    ours: { ms: ours.ms, rowsPerSecond: ours.rowsPerSecond },
    download: { rows: download.rows, pages: download.pages, megabytes: download.bytes / 1024 ** 2, ms: download.ms, rowsPerSecond: rate(download.rows, download.ms) },
    applyMsTotal: counters.applyMs,
    mediaScan: { rows: counters.mediaScanRows, ms: counters.mediaScanMs, msPerThousandRows: counters.mediaScanRows > 0 ? (counters.mediaScanMs * 1000) / counters.mediaScanRows : 0 },
    downloadCpu: cpuPerThousandRows(spent, download.rows),
  };

  if (plan.sections.has('delta')) {
    await section('4 delta', async () => {
      log('delta pass, nothing changed…');
      const unchanged = await deltaPass(open.host, server, scopes, 0, plan.timeoutMs);
      // The first delta after a full pass may write again rows read in its overlap that the
      // newest chunks do not hold (chunk-writes.ts, changedRows); the next ones write none.
      log('delta pass, nothing changed, again…');
      const unchangedAgain = await deltaPass(open.host, server, scopes, 0, plan.timeoutMs);
      const one = changeOneRowOfBiggest(server, scopes, download.sampledKeys);
      log('delta pass, one row of the biggest list changed…');
      const oneRow = await deltaPass(open.host, server, scopes, one, plan.timeoutMs);
      const changed = changeSampledRows(server, scopes, download.sampledKeys);
      log(`delta pass, ${changed} rows changed…`);
      const onePercent = await deltaPass(open.host, server, scopes, changed, plan.timeoutMs);
      results.delta = { unchanged, unchangedAgain, oneRow, onePercent };
    });
  }
  if (plan.sections.has('ui')) {
    await section('5 UI', async () => {
      log('UI timings on the biggest list…');
      // The UI is driven through Playwright, in the window's own browser and profile
      // (its database is open there, as after the mirror a user goes on to look).
      await open.window.open('about:blank');
      const driven = await driveBrowser(open.window.browserUrl);
      try {
        results.ui = await measureUi({
          context: driven.context,
          harnessUrl: open.host.harnessUrl,
          server,
          scopes,
          sweepFrames: plan.sweepFrames,
          settled: async () => {
            await open.host.request({ op: 'settled' });
          },
        });
      } finally {
        await driven.close();
      }
    });
  }
}

/** Figures of the headline mirror waiting for limit (a), which runs once the app is closed. */
let pendingMirror: {
  rows: number;
  scopes: number;
  requests: number;
  ours: { ms: number; rowsPerSecond: number };
  download: { rows: number; pages: number; megabytes: number; ms: number; rowsPerSecond: number };
  applyMsTotal: number;
  mediaScan: { rows: number; ms: number; msPerThousandRows: number };
  downloadCpu: ReturnType<typeof cpuPerThousandRows>;
} | null = null;

async function scalingLimit(browser: BenchBrowser, originUrl: string, server: RunningServer, scopes: MirroredScope[], scale: Scale): Promise<void> {
  log(`limit (a) at ${scale}…`);
  const bulk = await bulkPutLimitRun(browser.context, originUrl, scopes, server.token, plan.parallel, false, false, plan.limitABudgetMs);
  limits.set(String(scale), rate(bulk.rows, bulk.writeMs));
  log(`  ${Math.round(rate(bulk.rows, bulk.writeMs))} rows/s`);
}

/** Limit (c) on `scopes`: the same rows as one chunk record per page, nothing else, in a bench page. */
async function chunkLimit(browser: BenchBrowser, originUrl: string, server: RunningServer, scopes: MirroredScope[]): Promise<ChunkLimitFigures> {
  const run = await bulkPutLimitRun(browser.context, originUrl, scopes, server.token, plan.parallel, false, true);
  const figures = { rows: run.rows, writeMs: run.writeMs, wallMs: run.wallMs, rowsPerSecond: rate(run.rows, run.writeMs), wallRowsPerSecond: rate(run.rows, run.wallMs), cpu: cpuPerThousandRows(run.cpu, run.rows) };
  log(`  ${run.rows} rows in ${(run.writeMs / 1000).toFixed(1)} s of writing = ${Math.round(figures.rowsPerSecond)} rows/s (${Math.round(figures.wallRowsPerSecond)} over its ${(run.wallMs / 1000).toFixed(1)} s)`);
  return figures;
}

async function limitA(browser: BenchBrowser, originUrl: string, server: RunningServer, scopes: MirroredScope[], ours: AppMirrorResult, scale: Scale): Promise<void> {
  if (!pendingMirror) return;
  log('limit (a): bulkPut of the same rows into the same tables in Chromium…');
  const bulk = await bulkPutLimitRun(browser.context, originUrl, scopes, server.token, plan.parallel, false, false, plan.limitABudgetMs);
  const limit = rate(bulk.rows, bulk.writeMs);
  limits.set(String(scale), limit);
  log(`  ${bulk.rows} rows in ${(bulk.writeMs / 1000).toFixed(1)} s of writing = ${Math.round(limit)} rows/s`);
  const { downloadCpu, ...figures } = pendingMirror;
  let keyIndexesOnly: { rowsPerSecond: number; cpu: ReturnType<typeof cpuPerThousandRows> } | undefined;
  if (plan.indexCost) {
    log('limit (a) with only the key and pass indexes…');
    const bare = await bulkPutLimitRun(browser.context, originUrl, scopes, server.token, plan.parallel, true, false, plan.limitABudgetMs);
    keyIndexesOnly = { rowsPerSecond: rate(bare.rows, bare.writeMs), cpu: cpuPerThousandRows(bare.cpu, bare.rows) };
    log(`  ${Math.round(keyIndexesOnly.rowsPerSecond)} rows/s`);
  }
  log('limit (c): the same rows as one chunk record per page…');
  const chunks = await chunkLimit(browser, originUrl, server, scopes);
  const tenths = rowsPerSecondByTenth(ours.timeline, ours.rows);
  const oursCpu = cpuPerThousandRows(ours.cpu, ours.rows);
  results.mirror = {
    ...figures,
    ...(keyIndexesOnly ? { keyIndexesOnly } : {}),
    chunkPut: chunks,
    ratioToChunks: ours.rowsPerSecond / chunks.rowsPerSecond,
    ...(tenths.length === 10 && tenths[0]! > 0 ? { lastTenthOverFirst: tenths[9]! / tenths[0]! } : {}),
    cpuMsPerThousandRows: oursCpu.total,
    bulkPut: { rows: bulk.rows, writeMs: bulk.writeMs, rowsPerSecond: limit, bounded: bulk.bounded },
    ratio: ours.rowsPerSecond / Math.min(limit, figures.download.rowsPerSecond),
    cpu: { ours: oursCpu, bulkPut: cpuPerThousandRows(bulk.cpu, bulk.rows), download: downloadCpu },
    tenths,
  };
}

async function peer(browser: BenchBrowser, originUrl: string, server: RunningServer, scopes: MirroredScope[], ours: AppMirrorResult, scale: Scale): Promise<void> {
  log(`peer: RxDB replicating the same ${scopes.length} lists…`);
  const rx = await peerRun(browser.context, originUrl, scopes, server.token, plan.parallel);
  const rxRate = rate(rx.rows, rx.ms);
  log(`  ${rx.rows} rows in ${(rx.ms / 1000).toFixed(1)} s = ${Math.round(rxRate)} rows/s`);
  if (rx.differing.length > 0) results.notes.push(`RxDB row counts differ from ours in ${rx.differing.length} lists: ${rx.differing.slice(0, 5).join(', ')}`);
  for (const failed of rx.failed) results.notes.push(`RxDB: ${failed}`);
  // What writing these rows costs at least, on the same lists.
  log('  limit (c) on the same lists…');
  const chunks = await chunkLimit(browser, originUrl, server, scopes);
  results.peer = {
    scale: String(scale),
    oursRowsPerSecond: ours.rowsPerSecond,
    rows: rx.rows,
    requests: rx.requests,
    ms: rx.ms,
    rowsPerSecond: rxRate,
    ratio: ours.rowsPerSecond / rxRate,
    cpu: rx.cpuPerThousandRows,
    chunkPut: { ...chunks, overRxdb: chunks.rowsPerSecond / rxRate },
  };
}

async function search(browser: BenchBrowser, originUrl: string, server: RunningServer, scopes: MirroredScope[]): Promise<void> {
  log(`search: indexing the workspace's rows, then ${plan.searchRows.toLocaleString()} synthetic rows and querying them…`);
  results.search = await measureSearch({ context: browser.context, originUrl, scopes, token: server.token, syntheticRows: plan.searchRows, queries: 400, profile: plan.profile });
  const { workspace: w, synthetic: y, phases: t } = results.search;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  log(`  workspace: ${w.indexed} of ${w.rows} rows indexed at ${Math.round(w.rowsPerSecond)} rows/s, ${Math.round(w.heapMb)} MB; synthetic: ${Math.round(y.rowsPerSecond)} rows/s, ${Math.round(y.heapMb)} MB, query p95 ${y.query.p95.toFixed(1)} ms`);
  log(`  section ${s(t.total)}: workspace ${s(t.workspace)} (download ${s(w.downloadMs ?? 0)}, index ${s(w.ms)}), synthetic ${s(t.synthetic)}, queries ${s(t.queries)}`);
  for (const spot of results.search.profile ?? []) log(`  ${(spot.share * 100).toFixed(1)}% ${spot.name}`);
}

/**
 * How many times the mirror runs with the window on Home and on the outbox, each pair
 * back to back. One pair's ratio went from 0.80 to 1.15 across earlier full runs with
 * neither screen changed. The verdict is the median pair's. Medians of a few pairs
 * moved from 0.90 to 1.02 between runs of the same code (18 pairs: ratios 0.79–1.07,
 * mean 0.96, Chromium 156); seven pairs take ~80 s more at 10 % of large and narrow how
 * far their median strays by about a third (√(3/7)) against three.
 */
const HOME_PAIRS = 7;

/**
 * The same mirror with the window on Home and on the outbox, in pairs; each mirror in
 * a window of its own as every measured mirror (run in the workspace's browser after
 * limit (a) and the peer, it shared the browser's database threads with what they had
 * written). Which screen goes first alternates from pair to pair, so that a machine
 * drifting over the section does not favour one of them.
 */
async function homeWindow(server: RunningServer, pages: BuiltPages, scale: Scale): Promise<void> {
  const run = async (route: string) => {
    const open = await mirror(server, pages, scale, route);
    await open.close();
    return open.result;
  };
  const pairs: { home: AppMirrorResult; quiet: AppMirrorResult; homeFirst: boolean; ratio: number }[] = [];
  for (let i = 0; i < HOME_PAIRS; i++) {
    const homeFirst = i % 2 === 1;
    const first = await run(homeFirst ? plan.home.route : plan.route);
    const second = await run(homeFirst ? plan.route : plan.home.route);
    const [home, quiet] = homeFirst ? [first, second] : [second, first];
    pairs.push({ home, quiet, homeFirst, ratio: home.rowsPerSecond / quiet.rowsPerSecond });
  }
  const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
  results.homeWindow = {
    scale: String(scale),
    rows: middle.home.rows,
    rowsPerSecond: middle.home.rowsPerSecond,
    quietRowsPerSecond: middle.quiet.rowsPerSecond,
    cpu: cpuPerThousandRows(middle.home.cpu, middle.home.rows),
    quietCpu: cpuPerThousandRows(middle.quiet.cpu, middle.quiet.rows),
    pairs: pairs.map((p) => ({ rowsPerSecond: p.home.rowsPerSecond, quietRowsPerSecond: p.quiet.rowsPerSecond, ratio: p.ratio, homeFirst: p.homeFirst })),
  };
  log(`  Home ÷ outbox by pair: ${pairs.map((p) => p.ratio.toFixed(2)).join(', ')}`);
}

async function rateLimited(pages: BuiltPages): Promise<void> {
  const { scale, perMinute } = plan.rateLimited;
  const reference = unthrottled.get(String(scale));
  if (!reference) throw new Error(`no unthrottled mirror of scale ${scale} to take the requests needed from`);
  const timeScale = bindingTimeScale(reference.requests, reference.ms, perMinute);
  log(`rate-limited tenant: ${perMinute}/min, time ×${timeScale}, ${reference.requests} requests needed…`);
  results.rate = await rateLimitedMirror({
    scale,
    seed: plan.seed,
    perMinute,
    timeScale,
    requestsNeeded: reference.requests,
    chromiumArgs: plan.chromiumArgs,
    rendererDir: pages.rendererDir,
    route: plan.route,
    timeoutMs: plan.timeoutMs,
  });
  log(`  ${(results.rate.tenantMs / 1000).toFixed(1)} s tenant time against a bound of ${(results.rate.boundMs / 1000).toFixed(1)} s, ${results.rate.status429} × 429`);
}

function scalingFigures(): void {
  const points = [...unthrottled.entries()]
    .map(([scale, r]) => {
      const limit = limits.get(scale);
      return {
        scale: scale === 'large' ? 1 : Number(scale),
        rows: r.rows,
        ms: r.ms,
        rowsPerSecond: r.rowsPerSecond,
        cpuPerThousandRows: cpuPerThousandRows(r.cpu, r.rows).total,
        ...(limit ? { limitRowsPerSecond: limit, ratioToLimit: r.rowsPerSecond / limit } : {}),
      };
    })
    .filter((p) => Number.isFinite(p.scale))
    .sort((a, b) => a.rows - b.rows);
  const largest = points.at(-1);
  const top = unthrottled.get(String(plan.scale));
  results.scaling = {
    points: points.map((p): ScalingPoint => ({ ...p, relative: largest ? p.rowsPerSecond / largest.rowsPerSecond : 1 })),
    tenths: top ? rowsPerSecondByTenth(top.timeline, top.rows) : [],
  };
}

log(`${plan.mode} run: headline scale ${plan.scale}, sections ${[...plan.sections].join(', ')}`);
const machine = await machineInfo(CHROMIUM);
results.machine = machine;
log('building the renderer and the bench pages…');
const pages = await buildPages();

const headlineSections = ['mirror', 'delta', 'ui'].some((s) => plan.sections.has(s as never));
const scales: { scale: Scale; work: PhaseWork }[] = [];
const want = (scale: Scale, work: Partial<PhaseWork>) => {
  const known = scales.find((s) => sameScale(s.scale, scale));
  const merged = (a: Partial<PhaseWork>, b: Partial<PhaseWork>): PhaseWork => ({
    headline: !!a.headline || !!b.headline,
    peer: !!a.peer || !!b.peer,
    home: !!a.home || !!b.home,
    limit: !!a.limit || !!b.limit,
    search: !!a.search || !!b.search,
  });
  if (known) known.work = merged(known.work, work);
  else scales.push({ scale, work: merged({}, work) });
};
if (plan.sections.has('scaling')) for (const f of plan.scalingFractions) want(f, { limit: true });
if (plan.sections.has('rate')) want(plan.rateLimited.scale, {});
if (plan.sections.has('peer')) want(plan.peerScale, { peer: true });
if (plan.sections.has('mirror')) want(plan.home.scale, { home: true });
if (headlineSections || plan.sections.has('scaling') || plan.sections.has('search')) want(plan.scale, { headline: headlineSections, search: plan.sections.has('search') });
// Smaller workspaces first: a failure shows early, and the largest one ends the mirrors.
const size = (s: Scale) => (s === 'large' ? 1 : s === 'demo' ? 0 : s);
scales.sort((a, b) => size(a.scale) - size(b.scale));
for (const { scale, work } of scales) await section(work.headline ? '1 mirror' : `workspace ${scale}`, () => workspace(pages, scale, work));
if (plan.sections.has('scaling')) scalingFigures();
if (plan.sections.has('rate')) await section('3 rate limit', () => rateLimited(pages));

results.finishedAt = new Date().toISOString();
results.durationMs = performance.now() - started;
machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100);
await mkdir(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${results.startedAt.replace(/[:.]/g, '-')}.json`);
const table = summarize(results);
await writeFile(file, `${JSON.stringify({ ...results, table }, null, 2)}\n`);
process.stdout.write(
  `\nOutpost bench (${plan.mode}, headline ${plan.scale}, IndexedDB on ${plan.chromiumArgs.length > 0 ? 'SQLite' : 'LevelDB, the default'}, ${((results.durationMs ?? 0) / 1000).toFixed(0)} s) on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.chromium}, Node ${machine.node}; ` +
    `load average ${machine.loadAverageAtStart.join('/')} at start, ${(machine.loadAverageAtEnd ?? []).join('/')} at end\n\n` +
    `${formatTable(table)}\n${results.notes.map((n) => `note: ${n}`).join('\n')}\n\nfigures: ${file}\n`,
);
