import { throwIfAborted } from '../abort.js';
import type { PageBudget } from './page-budget.js';

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
  /**
   * Shared with the other passes: a slot is taken before each fetch and given back
   * once the page is written (or dropped), so all passes together hold a bounded number.
   */
  readonly budget?: PageBudget;
  readonly signal?: AbortSignal;
  /**
   * Asked before each fetch after the first: true ends the pipeline once the pages
   * already fetched are written. No request is dropped; the caller resumes from the
   * last page's `next`.
   */
  readonly stopWhen?: () => boolean;
}

/** The queue between producer and consumer, and how each wakes the other. */
interface Pipe<P> {
  readonly options: PipelineOptions<P>;
  readonly signal: AbortSignal;
  readonly queue: P[];
  done: boolean;
  fetchError: unknown;
  notifyConsumer: (() => void) | null;
  notifyProducer: (() => void) | null;
}

function wakeConsumer<P>(pipe: Pipe<P>): void {
  pipe.notifyConsumer?.();
  pipe.notifyConsumer = null;
}

function wakeProducer<P>(pipe: Pipe<P>): void {
  pipe.notifyProducer?.();
  pipe.notifyProducer = null;
}

/**
 * Writes the oldest fetched page. Not async, so the page is no local of the consumer's
 * loop: once the store has taken it, nothing here keeps it alive while its acknowledgement is awaited.
 */
function writeNext<P>(pipe: Pipe<P>): Promise<void> {
  const page = pipe.queue.shift()!;
  wakeProducer(pipe);
  return pipe.options.write(page).finally(() => pipe.options.budget?.release());
}

/**
 * Fetches one page into the queue and returns the next URL: the page is never a
 * local of the producer's loop, which would hold it until the next fetch.
 */
async function fetchInto<P>(pipe: Pipe<P>, url: string): Promise<string | null> {
  const { options, signal } = pipe;
  await options.budget?.acquire(signal);
  try {
    const { page, next } = await options.fetch(url, signal);
    pipe.queue.push(page);
    wakeConsumer(pipe);
    return next;
  } catch (error) {
    options.budget?.release();
    throw error;
  }
}

/** The producer: fetches while the queue has room, until the end, `stopWhen` or an abort; keeps a fetch error for the caller. */
async function produce<P>(pipe: Pipe<P>): Promise<void> {
  const { options, signal, queue } = pipe;
  let url: string | null = options.first;
  let fetched = 0;
  try {
    while (url !== null) {
      while (queue.length >= options.depth && !signal.aborted) {
        await new Promise<void>((resolve) => (pipe.notifyProducer = resolve));
      }
      if (signal.aborted || (fetched > 0 && options.stopWhen?.() === true)) break;
      url = await fetchInto(pipe, url);
      fetched += 1;
    }
  } catch (error) {
    pipe.fetchError = error;
  } finally {
    pipe.done = true;
    wakeConsumer(pipe);
  }
}

/**
 * Runs the pipeline to the end, or until `stopWhen`. When a fetch fails, the pages
 * already fetched are still written (their checkpoint moves forward) before the error
 * is thrown; when a write fails, fetching stops at once.
 */
export async function runPagePipeline<P>(options: PipelineOptions<P>): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const pipe: Pipe<P> = { options, signal, queue: [], done: false, fetchError: null, notifyConsumer: null, notifyProducer: null };
  const { queue } = pipe;
  const producer = produce(pipe);

  try {
    for (;;) {
      throwIfAborted(options.signal);
      if (queue.length === 0) {
        if (pipe.done) break;
        await new Promise<void>((resolve) => (pipe.notifyConsumer = resolve));
        continue;
      }
      await writeNext(pipe);
    }
  } catch (error) {
    stop.abort();
    wakeProducer(pipe);
    await producer;
    throw error;
  } finally {
    // Pages fetched but never written (a write failed, or the pass was cancelled).
    const dropped = queue.splice(0).length;
    for (let i = 0; i < dropped; i += 1) options.budget?.release();
  }
  await producer;
  if (pipe.fetchError !== null) throw pipe.fetchError;
}
