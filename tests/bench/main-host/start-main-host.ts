import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { CommandName } from '../../../src-shared/bridge/index.js';
import type { CallArg, CallResult, FromHost, HostConfig, HostRequest, HostResponses, ToHost } from './host-protocol.js';

/** The bench's handle on the main-side process. */
export interface MainHost {
  readonly harnessUrl: string;
  readonly pid: number;
  call<K extends CommandName>(name: K, arg: CallArg<K>): Promise<CallResult<K>>;
  request<R extends HostRequest>(request: R): Promise<HostResponses[R['op']]>;
  stop(): Promise<void>;
}

const entry = resolve(import.meta.dirname, 'main-host.ts');

/**
 * Forks the main-side process (TypeScript through tsx) and waits until its harness
 * listens. With `profileDir`, the process writes a V8 CPU profile there when it exits.
 */
export async function startMainHost(config: HostConfig, options: { readonly profileDir?: string } = {}): Promise<MainHost> {
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the main host exited (${signal ?? code})`));
    pending.clear();
  });
  // A send to a host that died fails asynchronously; the waiting request is rejected above.
  child.on('error', () => undefined);

  const harnessUrl = await new Promise<string>((done, fail) => {
    child.on('message', (message: FromHost) => {
      if (message.kind === 'ready') done(message.harnessUrl);
      else if (message.kind === 'failed') fail(new Error(`the main host failed to start: ${message.message}`));
      else {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok) waiter?.resolve(message.data);
        else waiter?.reject(new Error(message.message));
      }
    });
    child.once('exit', (code) => fail(new Error(`the main host exited before it was ready (${code})`)));
    child.send({ kind: 'init', config } satisfies ToHost);
  });

  const request = <R extends HostRequest>(req: R): Promise<HostResponses[R['op']]> =>
    new Promise((done, fail) => {
      if (!child.connected) {
        fail(new Error(`the main host is gone (${child.signalCode ?? child.exitCode})`));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve: done as (v: unknown) => void, reject: fail });
      child.send({ kind: 'request', id, request: req } satisfies ToHost, (error) => {
        if (!error) return;
        pending.delete(id);
        fail(error);
      });
    });

  return {
    harnessUrl,
    pid: child.pid ?? -1,
    request,
    call: (name, arg) => request({ op: 'call', name, arg }) as Promise<never>,
    async stop() {
      if (child.exitCode !== null) return;
      await request({ op: 'stop' }).catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
