import * as nodeFs from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file operations the journal needs, each one durable when it resolves. */
export interface JournalFiles {
  /** The file's text, or null when it does not exist. */
  read(path: string): Promise<string | null>;
  /** Appends `text` and fsyncs the file (creating it, and its folder, if needed). */
  append(path: string, text: string): Promise<void>;
  /**
   * Replaces the file atomically: writes `<path>.tmp`, fsyncs it, renames it over
   * `path`, fsyncs the folder. A crash at any step leaves the old file or the new one.
   */
  replace(path: string, text: string): Promise<void>;
}

/** The subset of `node:fs/promises` used, so tests can make any step fail. */
export type FsPromises = Pick<typeof nodeFs, 'open' | 'readFile' | 'rename' | 'mkdir'>;

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

async function writeSynced(fs: FsPromises, path: string, flags: 'a' | 'w', text: string): Promise<void> {
  const handle = await fs.open(path, flags);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Journal files on the local disk. */
export function createJournalFiles(fs: FsPromises = nodeFs): JournalFiles {
  const made = new Set<string>();
  async function ensureDir(path: string): Promise<void> {
    const dir = dirname(path);
    if (made.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    made.add(dir);
  }

  return {
    async read(path) {
      try {
        return await fs.readFile(path, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },
    async append(path, text) {
      await ensureDir(path);
      await writeSynced(fs, path, 'a', text);
    },
    async replace(path, text) {
      await ensureDir(path);
      const temp = `${path}.tmp`;
      await writeSynced(fs, temp, 'w', text);
      await fs.rename(temp, path);
      // The rename is durable only once the folder is: fsync it where the OS allows
      // opening a folder (not on Windows, where rename is durable by itself).
      let dir: nodeFs.FileHandle | null = null;
      try {
        dir = await fs.open(dirname(path), 'r');
        await dir.sync();
      } catch (error) {
        if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes(String(errorCode(error)))) throw error;
      } finally {
        await dir?.close();
      }
    },
  };
}
