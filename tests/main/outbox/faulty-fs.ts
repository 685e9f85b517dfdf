import * as fs from 'node:fs/promises';
import type { FsPromises } from '../../../src-main/core/outbox/journal-files.js';

/** A step of a durable write where a test can make the process "die". */
export type FsStep = 'open' | 'write' | 'torn-write' | 'sync' | 'rename' | 'dir-sync';

/**
 * `node:fs/promises` with one failure armed: the next time `step` happens on a path
 * ending with `suffix`, it throws (a `torn-write` first writes half the text).
 */
export function faultyFs() {
  let armed: { step: FsStep; suffix: string } | null = null;
  const fire = (step: FsStep, path: string): boolean => {
    if (!armed || armed.step !== step || !path.endsWith(armed.suffix)) return false;
    armed = null;
    return true;
  };
  const crash = (step: FsStep) => Object.assign(new Error(`injected failure at ${step}`), { code: 'EIO' });

  const api: FsPromises = {
    readFile: fs.readFile,
    mkdir: fs.mkdir,
    async rename(from, to) {
      if (fire('rename', String(to))) throw crash('rename');
      return fs.rename(from, to);
    },
    async open(path, flags) {
      const name = String(path);
      if (fire('open', name)) throw crash('open');
      const handle = await fs.open(path, flags);
      const isDir = flags === 'r';
      return new Proxy(handle, {
        get(target, prop, receiver) {
          if (prop === 'writeFile') {
            return async (text: string, encoding: BufferEncoding) => {
              if (fire('torn-write', name)) {
                await target.writeFile(text.slice(0, Math.floor(text.length / 2)), encoding);
                throw crash('torn-write');
              }
              if (fire('write', name)) throw crash('write');
              return target.writeFile(text, encoding);
            };
          }
          if (prop === 'sync') {
            return async () => {
              if (fire(isDir ? 'dir-sync' : 'sync', name)) throw crash(isDir ? 'dir-sync' : 'sync');
              return target.sync();
            };
          }
          const value: unknown = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  } as FsPromises;

  return {
    fs: api,
    /** Arms one failure. */
    failNext(step: FsStep, suffix = '') {
      armed = { step, suffix };
    },
  };
}
