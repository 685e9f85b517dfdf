import type { BrowserContext } from '@playwright/test';
import { openBenchPage } from '../browser/bench-page.js';
import { cpuPerThousandRows, cpuSpent, cpuTimes, type CpuTimes } from '../support/cpu-accounting.js';
import { toPageScope, type MirroredScope } from '../support/mirrored-scopes.js';
import type { BulkPutLimitResult, PeerResult } from '../page/page-api.js';

/**
 * Limit (a) in the bench's Chromium, with the CPU it took; `keyIndexesOnly` leaves out
 * the per-field indexes; `chunkRecords` measures limit (c) (one record per page);
 * `budgetMs` stops writing after that long (the rate is over what was written).
 */
export async function bulkPutLimitRun(
  context: BrowserContext,
  originUrl: string,
  scopes: readonly MirroredScope[],
  token: string,
  parallel: number,
  keyIndexesOnly = false,
  chunkRecords = false,
  budgetMs: number | null = null,
): Promise<BulkPutLimitResult & { cpu: CpuTimes }> {
  const page = await openBenchPage(context, originUrl, 'limit');
  try {
    const before = await cpuTimes(null);
    const result = await page.run('bulkPutLimit', { scopes: scopes.map(toPageScope), token, dbName: chunkRecords ? 'outpost-bench-limit-c' : 'outpost-bench-limit', parallel, keyIndexesOnly, chunkRecords, budgetMs });
    return { ...result, cpu: cpuSpent(before, await cpuTimes(null)) };
  } finally {
    await page.close();
  }
}

/** The RxDB peer in the bench's Chromium, with the CPU it took and where its counts differ from ours. */
export async function peerRun(
  context: BrowserContext,
  originUrl: string,
  scopes: readonly MirroredScope[],
  token: string,
  parallel: number,
): Promise<PeerResult & { cpuPerThousandRows: ReturnType<typeof cpuPerThousandRows>; differing: string[] }> {
  const page = await openBenchPage(context, originUrl, 'rxdb');
  try {
    const before = await cpuTimes(null);
    const result = await page.run('rxdbMirror', { scopes: scopes.map(toPageScope), token, dbName: 'outpost-bench-rxdb', parallel });
    const spent = cpuSpent(before, await cpuTimes(null));
    const differing = scopes.filter((s) => result.rowsByScope[s.scope] !== s.rows).map((s) => `${s.scope} ${result.rowsByScope[s.scope] ?? 0}/${s.rows}`);
    return { ...result, cpuPerThousandRows: cpuPerThousandRows(spent, result.rows), differing };
  } finally {
    await page.close();
  }
}
