import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time spent by each part of a run, read from /proc (Linux). Wall-clock rates on a
 * shared, loaded machine swing with the neighbours' load; the CPU time each process
 * spends per row does not, and it says where the work is.
 */
export type CpuGroup = 'bench' | 'main' | 'chromium';
export type CpuTimes = Record<CpuGroup, number> & {
  /** Chromium's share by process type: browser (which runs IndexedDB's backend), renderer, gpu-process, utility… */
  readonly chromiumByType: Record<string, number>;
};

/** One process's CPU so far, in a reading: what `cpuSpent` subtracts process by process. */
export interface ProcessCpu {
  readonly pid: number;
  /** When it started (ticks since boot): a pid used again is another process. */
  readonly start: number;
  readonly group: 'main' | 'chromium';
  /** Chromium's process type; `exited` for one already gone but not yet reaped (its command line is empty). */
  readonly type: string;
  readonly cpuMs: number;
}

/** A reading: this process's CPU so far, and every watched process's (`cpuSpent` subtracts them one by one). */
export interface CpuReading {
  readonly bench: number;
  readonly processes: readonly ProcessCpu[];
}

export interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** utime + stime, ms. */
  readonly cpuMs: number;
  /** Start time, ticks since boot. */
  readonly start: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

async function processType(pid: number): Promise<string> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  // A process that has exited keeps its stat until it is reaped, but no command line.
  if (cmdline === '') return 'exited';
  return /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
}

/** One line of /proc/<pid>/stat: the command name may hold spaces and parentheses, so fields count from the last `)`. */
export function parseProcStat(pid: number, text: string): ProcStat {
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, starttime 22.
  return { pid, ppid: Number(fields[1]), comm, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, start: Number(fields[19]) };
}

async function readStat(pid: number): Promise<ProcStat | null> {
  try {
    return parseProcStat(pid, await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * CPU ms so far of this process (the bench: reference server, bench origin), of the
 * main-side process and its children, and of every Chromium process below this one.
 */
export async function cpuTimes(mainPid: number | null): Promise<CpuReading> {
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((n) => /^\d+$/.test(n)).map(Number);
  const stats = (await Promise.all(pids.map(readStat))).filter((s): s is ProcStat => s !== null);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const below = (pid: number, root: number) => {
    for (let at = byPid.get(pid); at; at = byPid.get(at.ppid)) {
      if (at.pid === root) return true;
      if (at.ppid === at.pid || at.ppid === 0) break;
    }
    return false;
  };
  const processes: ProcessCpu[] = [];
  for (const s of stats) {
    if (s.pid === process.pid) continue;
    if (mainPid !== null && below(s.pid, mainPid)) processes.push({ pid: s.pid, start: s.start, group: 'main', type: 'main', cpuMs: s.cpuMs });
    else if (/chrom/i.test(s.comm) && below(s.pid, process.pid)) processes.push({ pid: s.pid, start: s.start, group: 'chromium', type: await processType(s.pid), cpuMs: s.cpuMs });
  }
  return { bench: byPid.get(process.pid)?.cpuMs ?? 0, processes };
}

function totalsOf(bench: number, processes: readonly ProcessCpu[]): CpuTimes {
  let main = 0;
  let chromium = 0;
  const chromiumByType: Record<string, number> = {};
  for (const p of processes) {
    if (p.group === 'main') main += p.cpuMs;
    else {
      chromium += p.cpuMs;
      chromiumByType[p.type] = (chromiumByType[p.type] ?? 0) + p.cpuMs;
    }
  }
  return { bench, main, chromium, chromiumByType };
}

/**
 * CPU ms spent between two readings, per group, process by process: a process that
 * started meanwhile counts whole; one that ended meanwhile is lost (read before closing
 * pages), never subtracted. Subtracting totals took a page closed just before the first
 * reading (not yet reaped, so counted there) off the span's Chromium share.
 */
export function cpuSpent(before: CpuReading, after: CpuReading): CpuTimes {
  const earlier = new Map(before.processes.map((p) => [`${p.pid}:${p.start}`, p.cpuMs]));
  const spent = after.processes.map((p) => ({ ...p, cpuMs: p.cpuMs - (earlier.get(`${p.pid}:${p.start}`) ?? 0) }));
  return totalsOf(after.bench - before.bench, spent);
}

/**
 * CPU ms per 1000 rows, per group and in total. Renderer processes that started during
 * the span count whole; those that ended during it are lost, so read before closing pages.
 */
export function cpuPerThousandRows(spent: CpuTimes, rows: number): CpuTimes & { total: number } {
  const per = (ms: number) => (rows > 0 ? (ms * 1000) / rows : 0);
  const chromiumByType = Object.fromEntries(Object.entries(spent.chromiumByType).map(([type, ms]) => [type, per(ms)]));
  return { bench: per(spent.bench), main: per(spent.main), chromium: per(spent.chromium), chromiumByType, total: per(spent.bench + spent.main + spent.chromium) };
}
