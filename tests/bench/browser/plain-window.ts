import { spawn, type ChildProcess } from 'node:child_process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium.js';

/** A DevTools session on one page, of our own: it enables no domain unless asked. */
export interface DevtoolsSession {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
}

export interface PlainWindow {
  readonly session: DevtoolsSession;
  /** The browser's DevTools address, for a client that drives it once the measured mirror is over. */
  readonly browserUrl: string;
  /** Loads `url` in the window (as a user opening the app; the browser is already running). */
  open(url: string): Promise<void>;
  /** The Chromium profile the window wrote to (IndexedDB included); kept after `close`. */
  readonly userDataDir: string;
  /** Closes the browser the way a user quits it (its databases are flushed), and waits for it to exit. */
  close(): Promise<void>;
}

/** The browser-wide DevTools address Chromium prints on stderr once it listens. */
export function devtoolsAddress(stderr: string): string | null {
  return /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1] ?? null;
}

/**
 * The app's window for the measured mirrors: Chromium started without Playwright, one
 * blank page, watched over a DevTools session that enables nothing. A page Playwright
 * drives reports every WebSocket frame to it with its payload
 * (`Network.webSocketFrameReceived`), and the harness's bridge carries every mirrored
 * page that way: relaying them to the bench cost the browser, the page's process and the
 * bench's own process CPU that the desktop app (IPC, unobserved) never spends, and which
 * the limits and the peer (plain fetches, bodies not relayed) did not pay either.
 */
export async function openPlainWindow(
  options: { readonly userDataDir: string; readonly executablePath?: string; readonly extraArgs?: readonly string[]; readonly timeoutMs?: number },
): Promise<PlainWindow> {
  const child = spawn(
    options.executablePath ?? CHROMIUM_PATH,
    ['--headless', ...CHROMIUM_ARGS, ...(options.extraArgs ?? []), '--remote-debugging-port=0', `--user-data-dir=${options.userDataDir}`, '--window-size=1400,860', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const browserUrl = await listening(child, options.timeoutMs ?? 30_000);
    const page = await pageTarget(browserUrl, options.timeoutMs ?? 30_000);
    const session = await connect(page);
    return {
      session: session.api,
      browserUrl,
      async open(url) {
        const { errorText } = await session.api.send<{ errorText?: string }>('Page.navigate', { url });
        if (errorText) throw new Error(`the window could not open ${url}: ${errorText}`);
      },
      userDataDir: options.userDataDir,
      async close() {
        session.close();
        const browser = await connect(browserUrl).catch(() => null);
        await browser?.api.send('Browser.close').catch(() => undefined);
        browser?.close();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

function listening(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`Chromium printed no DevTools address in ${timeoutMs} ms: ${text.slice(-500)}`)), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const address = devtoolsAddress(text);
      if (address) {
        clearTimeout(timer);
        // Chromium goes on writing to stderr: keep reading, or it blocks once the pipe is full.
        child.stderr!.removeAllListeners('data');
        child.stderr!.resume();
        done(address);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Chromium exited (${code}) before listening: ${text.slice(-500)}`));
    });
  });
}

/** The window's page target's own DevTools address. */
async function pageTarget(browserUrl: string, timeoutMs: number): Promise<string> {
  const list = `http://${new URL(browserUrl).host}/json/list`;
  const until = performance.now() + timeoutMs;
  for (;;) {
    const targets = (await (await fetch(list)).json()) as { type: string; webSocketDebuggerUrl?: string }[];
    const page = targets.find((t) => t.type === 'page' && t.webSocketDebuggerUrl);
    if (page) return page.webSocketDebuggerUrl!;
    if (performance.now() > until) throw new Error(`no page among Chromium's targets in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function connect(address: string): Promise<{ api: DevtoolsSession; close(): void }> {
  const socket = new WebSocket(address);
  await new Promise<void>((done, fail) => {
    socket.addEventListener('open', () => done(), { once: true });
    socket.addEventListener('error', () => fail(new Error(`cannot reach DevTools at ${address}`)), { once: true });
  });
  let next = 1;
  const waiting = new Map<number, { done: (v: Record<string, unknown>) => void; fail: (e: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : waiting.get(message.id);
    if (!waiter) return;
    waiting.delete(message.id!);
    if (message.error) waiter.fail(new Error(message.error.message));
    else waiter.done(message.result ?? {});
  });
  socket.addEventListener('close', () => {
    for (const waiter of waiting.values()) waiter.fail(new Error('the DevTools session closed'));
    waiting.clear();
  });
  return {
    api: {
      send<T>(method: string, params: Record<string, unknown> = {}) {
        const id = next++;
        if (socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('the DevTools session is closed'));
        return new Promise<T>((done, fail) => {
          waiting.set(id, { done: done as (v: Record<string, unknown>) => void, fail });
          socket.send(JSON.stringify({ id, method, params }));
        });
      },
    },
    close: () => socket.close(),
  };
}
