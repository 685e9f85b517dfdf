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

export interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** utime + stime, ms. */
  readonly cpuMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

async function processType(pid: number): Promise<string> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
}

/** One line of /proc/<pid>/stat: the command name may hold spaces and parentheses, so fields count from the last `)`. */
export function parseProcStat(pid: number, text: string): ProcStat {
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { pid, ppid: Number(fields[1]), comm, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
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
export async function cpuTimes(mainPid: number | null): Promise<CpuTimes> {
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
  let main = 0;
  let chromium = 0;
  const chromiumByType: Record<string, number> = {};
  for (const s of stats) {
    if (s.pid === process.pid) continue;
    if (mainPid !== null && below(s.pid, mainPid)) main += s.cpuMs;
    else if (/chrom/i.test(s.comm) && below(s.pid, process.pid)) {
      chromium += s.cpuMs;
      const type = await processType(s.pid);
      chromiumByType[type] = (chromiumByType[type] ?? 0) + s.cpuMs;
    }
  }
  return { bench: byPid.get(process.pid)?.cpuMs ?? 0, main, chromium, chromiumByType };
}

/** CPU ms spent between two readings, per group. */
export function cpuSpent(before: CpuTimes, after: CpuTimes): CpuTimes {
  const chromiumByType: Record<string, number> = {};
  for (const [type, ms] of Object.entries(after.chromiumByType)) chromiumByType[type] = ms - (before.chromiumByType[type] ?? 0);
  return { bench: after.bench - before.bench, main: after.main - before.main, chromium: after.chromium - before.chromium, chromiumByType };
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
