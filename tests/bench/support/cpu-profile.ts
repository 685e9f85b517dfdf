import type { DevtoolsSession } from '../browser/plain-window.js';

/** The parts of a V8 CPU profile (`.cpuprofile`, DevTools' Profiler.Profile) read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly hitCount?: number;
  }[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface HotSpot {
  readonly name: string;
  readonly selfMs: number;
  readonly share: number;
}

/** Self time per function (name and file:line), largest first. */
export function hotSpots(profile: CpuProfile, top = 15): HotSpot[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byNode.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').slice(-2).join('/');
    const name = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  return [...self.entries()]
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / total }))
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top);
}

/** Profiles a page's main thread through the DevTools protocol until stopped. */
export async function profilePage(cdp: DevtoolsSession): Promise<{ stop(): Promise<CpuProfile> }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop');
      await cdp.send('Profiler.disable').catch(() => undefined);
      return profile;
    },
  };
}
