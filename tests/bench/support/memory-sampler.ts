import type { DevtoolsSession } from '../browser/plain-window.js';
import type { MainHost } from '../main-host/start-main-host.js';

export interface MemoryPeaks {
  /** Main-side process: peak resident set size seen while sampling, MB. */
  readonly mainPeakRssMb: number;
  /** Main-side process: peak V8 heap in use while sampling, MB (RSS above it is the heap's slack, code, buffers). */
  readonly mainPeakHeapMb: number;
  /** Main-side process: peak memory outside the V8 heap held by JS objects (Buffers, ArrayBuffers: bodies being read, messages being sent), MB. */
  readonly mainPeakExternalMb: number;
  /** Renderer: peak JS heap in use while sampling, MB. */
  readonly rendererPeakHeapMb: number;
  readonly samples: number;
}

const MB = 1024 * 1024;

/**
 * Samples main's RSS and the renderer's used JS heap (through the DevTools protocol)
 * every `intervalMs` until stopped. Polling, not a hook in the app: what it costs is
 * a few IPC messages per second.
 */
export async function startMemorySampler(host: MainHost, window: DevtoolsSession, intervalMs = 500): Promise<{ stop(): Promise<MemoryPeaks> }> {
  let mainPeak = 0;
  let mainHeapPeak = 0;
  let mainExternalPeak = 0;
  let heapPeak = 0;
  let samples = 0;
  let running = true;
  const sample = async () => {
    const [memory, heap] = await Promise.all([
      host.request({ op: 'memory' }),
      window.send<{ usedSize: number }>('Runtime.getHeapUsage').catch(() => ({ usedSize: 0 })),
    ]);
    mainPeak = Math.max(mainPeak, memory.rss);
    mainHeapPeak = Math.max(mainHeapPeak, memory.heapUsed);
    mainExternalPeak = Math.max(mainExternalPeak, memory.external);
    heapPeak = Math.max(heapPeak, heap.usedSize);
    samples += 1;
  };
  const loop = (async () => {
    while (running) {
      await sample().catch(() => undefined);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await sample().catch(() => undefined);
      return { mainPeakRssMb: mainPeak / MB, mainPeakHeapMb: mainHeapPeak / MB, mainPeakExternalMb: mainExternalPeak / MB, rendererPeakHeapMb: heapPeak / MB, samples };
    },
  };
}

/** Memory after a run: main's RSS now (after a collection) and its lifetime peak, the renderer's heap now. */
export async function memoryAfter(host: MainHost, window: DevtoolsSession): Promise<{ mainRssMb: number; mainMaxRssMb: number; rendererHeapMb: number }> {
  await host.request({ op: 'gc' });
  await window.send('HeapProfiler.collectGarbage').catch(() => undefined);
  const heap = await window.send<{ usedSize: number }>('Runtime.getHeapUsage');
  const memory = await host.request({ op: 'memory' });
  return { mainRssMb: memory.rss / MB, mainMaxRssMb: memory.maxRss / MB, rendererHeapMb: heap.usedSize / MB };
}
