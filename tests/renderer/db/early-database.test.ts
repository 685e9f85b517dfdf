import { describe, expect, it, vi } from 'vitest';
import type { OutpostDb } from '../../../src-shared/store/index.js';
import { LAST_DATABASE_KEY, openLastDatabase } from '../../../src-renderer/db/early-database.js';

function storage(initial?: string) {
  const values = new Map<string, string>(initial ? [[LAST_DATABASE_KEY, initial]] : []);
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function opener() {
  const opened: { name: string; close: ReturnType<typeof vi.fn> }[] = [];
  const open = (name: string) => {
    const db = { name, close: vi.fn() };
    opened.push(db);
    return db as unknown as OutpostDb;
  };
  return { opened, open };
}

describe('the database opened before main answers', () => {
  it('opens nothing in a window that showed no workspace, and remembers the one main names', () => {
    const hints = storage();
    const { opened, open } = opener();
    const early = openLastDatabase(hints, open);
    expect(early.db).toBeNull();
    expect(early.claim('outpost-ws-a')).toBeNull();
    expect(opened).toHaveLength(0);
    expect(hints.values.get(LAST_DATABASE_KEY)).toBe('outpost-ws-a');
  });

  it("hands over the last workspace's database, still open, when it is the active one", () => {
    const { opened, open } = opener();
    const early = openLastDatabase(storage('outpost-ws-a'), open);
    expect(opened.map((d) => d.name)).toEqual(['outpost-ws-a']);
    expect(early.claim('outpost-ws-a')).toBe(early.db);
    expect(opened[0]!.close).not.toHaveBeenCalled();
  });

  it('closes it when another workspace is active, and remembers that one', () => {
    const hints = storage('outpost-ws-a');
    const { opened, open } = opener();
    const early = openLastDatabase(hints, open);
    expect(early.claim('outpost-ws-b')).toBeNull();
    expect(opened[0]!.close).toHaveBeenCalledTimes(1);
    expect(hints.values.get(LAST_DATABASE_KEY)).toBe('outpost-ws-b');
  });

  it('closes it and forgets the hint when no workspace is left; keeps the hint when main could not answer', () => {
    const gone = storage('outpost-ws-a');
    const first = opener();
    openLastDatabase(gone, first.open).claim(null);
    expect(first.opened[0]!.close).toHaveBeenCalledTimes(1);
    expect(gone.values.has(LAST_DATABASE_KEY)).toBe(false);

    const unanswered = storage('outpost-ws-a');
    const second = opener();
    expect(openLastDatabase(unanswered, second.open).claim(undefined)).toBeNull();
    expect(second.opened[0]!.close).toHaveBeenCalledTimes(1);
    expect(unanswered.values.get(LAST_DATABASE_KEY)).toBe('outpost-ws-a');
  });

  it('opens the window without a head start when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const { opened, open } = opener();
    const early = openLastDatabase(refusing, open);
    expect(early.db).toBeNull();
    expect(() => early.claim('outpost-ws-a')).not.toThrow();
    expect(opened).toHaveLength(0);
  });
});
