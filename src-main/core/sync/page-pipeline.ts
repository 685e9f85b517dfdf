import { throwIfAborted } from '../abort.js';

/**
 * Fetches pages ahead while earlier ones are written: a bounded queue between a
 * producer (the network) and a consumer (the store). The producer waits when `depth`
 * pages are waiting, so the store's acknowledgements are the backpressure.
 */
export interface PipelineOptions<P> {
  readonly first: string;
  /** Fetches one page; `next` is the following page's URL, or null at the end. */
  fetch(url: string, signal: AbortSignal): Promise<{ page: P; next: string | null }>;
  write(page: P): Promise<void>;
  /** Pages fetched ahead of the one being written (≥ 1). */
  readonly depth: number;
  readonly signal?: AbortSignal;
}

/**
 * Runs the pipeline to the end. When a fetch fails, the pages already fetched are
 * still written (their checkpoint moves forward) before the error is thrown; when a
 * write fails, fetching stops at once.
 */
export async function runPagePipeline<P>(options: PipelineOptions<P>): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const queue: P[] = [];
  let done = false;
  let fetchError: unknown = null;
  let notifyConsumer: (() => void) | null = null;
  let notifyProducer: (() => void) | null = null;
  const wakeConsumer = () => {
    notifyConsumer?.();
    notifyConsumer = null;
  };
  const wakeProducer = () => {
    notifyProducer?.();
    notifyProducer = null;
  };

  const producer = (async () => {
    let url: string | null = options.first;
    try {
      while (url !== null) {
        while (queue.length >= options.depth && !signal.aborted) {
          await new Promise<void>((resolve) => (notifyProducer = resolve));
        }
        if (signal.aborted) break;
        const { page, next }: { page: P; next: string | null } = await options.fetch(url, signal);
        queue.push(page);
        wakeConsumer();
        url = next;
      }
    } catch (error) {
      fetchError = error;
    } finally {
      done = true;
      wakeConsumer();
    }
  })();

  try {
    for (;;) {
      throwIfAborted(options.signal);
      if (queue.length === 0) {
        if (done) break;
        await new Promise<void>((resolve) => (notifyConsumer = resolve));
        continue;
      }
      const page = queue.shift()!;
      wakeProducer();
      await options.write(page);
    }
  } catch (error) {
    stop.abort();
    wakeProducer();
    await producer;
    throw error;
  }
  await producer;
  if (fetchError !== null) throw fetchError;
}
