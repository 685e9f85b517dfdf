import type { BrowserContext, Page } from '@playwright/test';
import { PAGE_GLOBAL, type BenchPages } from '../page/page-api.js';

type Args<A, K extends keyof A> = A[K] extends (arg: infer P) => unknown ? P : never;
type Out<A, K extends keyof A> = A[K] extends (...args: never[]) => Promise<infer R> ? R : never;

/** A bench page open in the bench's Chromium, with its functions callable from Node. */
export interface BenchPage<A> {
  readonly page: Page;
  run<K extends keyof A & string>(name: K, args: Args<A, K>): Promise<Out<A, K>>;
  close(): Promise<void>;
}

export async function openBenchPage<W extends keyof BenchPages>(context: BrowserContext, originUrl: string, which: W): Promise<BenchPage<BenchPages[W]>> {
  const page = await context.newPage();
  await page.goto(`${originUrl}/${which}.html`);
  await page.waitForFunction((name) => name in globalThis, PAGE_GLOBAL);
  return {
    page,
    run: (name, args) =>
      page.evaluate(
        ([global, method, arg]) => {
          const api = (globalThis as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[global]!;
          return api[method]!(arg);
        },
        [PAGE_GLOBAL, name, args] as const,
      ) as never,
    close: () => page.close(),
  };
}
