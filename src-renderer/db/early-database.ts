import type { OutpostDb } from '../../src-shared/store/index.js';
import { openRendererDatabase } from './open-renderer-db.js';

/** Where the window keeps the name of the database it showed last (a hint: main decides). */
export const LAST_DATABASE_KEY = 'outpost.last-database';

/** The database opened before main has said which workspace is active. */
export interface EarlyDatabase {
  /** The database opening, or null when the window showed none before. */
  readonly db: OutpostDb | null;
  /**
   * Main's answer: `active` is the active workspace's database (null: no workspace,
   * undefined: no answer). Returns the early database when it is that one, and closes
   * it otherwise (an orphan it created is then removed like any other).
   */
  claim(active: string | null | undefined): OutpostDb | null;
}

type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Opens the database of the workspace this window showed last while main answers which
 * workspace is active. Opened once the answer came, the open was asked for only after
 * the shell's mount, and at a million rows the database was open ~120 ms after the
 * first rows had been asked for (marks in the page); opened early, ~20 ms after, while
 * the window waits for main's answer anyway.
 */
export function openLastDatabase(storage: HintStorage | null = windowStorage(), open: (name: string) => OutpostDb = openRendererDatabase): EarlyDatabase {
  const name = read(storage);
  const db = name ? open(name) : null;
  return {
    db,
    claim(active) {
      if (active !== undefined) write(storage, active);
      if (db && active === name) return db;
      db?.close();
      return null;
    },
  };
}

function windowStorage(): HintStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (a policy): the window opens its database once main has answered.
    return null;
  }
}

function read(storage: HintStorage | null): string | null {
  try {
    return storage?.getItem(LAST_DATABASE_KEY) || null;
  } catch {
    return null;
  }
}

function write(storage: HintStorage | null, name: string | null): void {
  try {
    if (name) storage?.setItem(LAST_DATABASE_KEY, name);
    else storage?.removeItem(LAST_DATABASE_KEY);
  } catch {
    // A hint not kept costs the next open its head start, nothing more.
  }
}
