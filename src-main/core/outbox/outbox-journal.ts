import { join } from 'node:path';
import { z } from 'zod';
import { outboxEntry, type OutboxEntry, type Row } from '../../../src-shared/outbox/index.js';
import type { JournalFiles } from './journal-files.js';

/**
 * One entry as the journal knows it. `serverRow` is kept with a sent entry until the
 * renderer's database has it too, so a crash between the server's answer and the
 * store write loses nothing.
 */
export interface JournalItem {
  readonly entry: OutboxEntry;
  readonly serverRow?: Row;
}

export interface JournalState {
  /** The last record of every entry, by id. */
  readonly items: Map<string, JournalItem>;
  /** The highest `seq` ever given out. */
  readonly seq: number;
  /** False when there was no journal file (first start, or it was deleted). */
  readonly existed: boolean;
  /** Lines that were not valid records and were dropped (a torn last write, corruption). */
  readonly dropped: number;
}

/**
 * Main's own record of every unsent edit: an append-only file of JSON lines, each a
 * full snapshot of one entry, fsynced before the caller goes on; rewritten atomically
 * (compaction) to forget entries that are settled everywhere.
 */
export interface OutboxJournal {
  /**
   * Reads the journal. A torn last line (a crash mid-append) is dropped and the file
   * repaired at once, so the next append starts on a clean line.
   */
  load(): Promise<JournalState>;
  /** Appends snapshots of entries; durable when it resolves. */
  append(items: readonly JournalItem[]): Promise<void>;
  /** Replaces the whole journal with these entries and the `seq` high-water mark. */
  compact(items: readonly JournalItem[], seq: number): Promise<void>;
  /** Records appended since the last load or compaction. */
  appended(): number;
}

const record = z.union([
  z.object({ t: z.literal('entry'), entry: outboxEntry, serverRow: z.record(z.string(), z.unknown()).optional() }),
  z.object({ t: z.literal('seq'), seq: z.number().int().nonnegative() }),
]);
type JournalRecord = z.infer<typeof record>;

export const JOURNAL_FILE = 'outbox-journal.jsonl';

function line(value: JournalRecord): string {
  return `${JSON.stringify(value)}\n`;
}

function entryRecord(item: JournalItem): JournalRecord {
  return item.serverRow ? { t: 'entry', entry: item.entry, serverRow: item.serverRow } : { t: 'entry', entry: item.entry };
}

/** The journal in `dataDir`. */
export function createOutboxJournal(options: { readonly dataDir: string; readonly files: JournalFiles }): OutboxJournal {
  const path = join(options.dataDir, JOURNAL_FILE);
  const { files } = options;
  let appended = 0;

  function snapshot(items: readonly JournalItem[], seq: number): string {
    return line({ t: 'seq', seq }) + items.map((item) => line(entryRecord(item))).join('');
  }

  return {
    async load() {
      appended = 0;
      const text = await files.read(path);
      const items = new Map<string, JournalItem>();
      let seq = 0;
      let dropped = 0;
      if (text === null) return { items, seq, existed: false, dropped };
      const lines = text.split('\n');
      // Everything after the last newline was never completely written.
      const torn = lines.pop() ?? '';
      if (torn.trim()) dropped += 1;
      for (const raw of lines) {
        if (!raw.trim()) continue;
        let parsed: ReturnType<typeof record.safeParse>;
        try {
          parsed = record.safeParse(JSON.parse(raw));
        } catch {
          dropped += 1;
          continue;
        }
        if (!parsed.success) {
          dropped += 1;
          continue;
        }
        const value = parsed.data;
        if (value.t === 'seq') {
          seq = Math.max(seq, value.seq);
        } else {
          seq = Math.max(seq, value.entry.seq);
          items.set(value.entry.id, value.serverRow ? { entry: value.entry, serverRow: value.serverRow } : { entry: value.entry });
        }
      }
      if (torn.trim()) await files.replace(path, snapshot([...items.values()], seq));
      return { items, seq, existed: true, dropped };
    },
    async append(items) {
      if (items.length === 0) return;
      await files.append(path, items.map((item) => line(entryRecord(item))).join(''));
      appended += items.length;
    },
    async compact(items, seq) {
      await files.replace(path, snapshot(items, seq));
      appended = 0;
    },
    appended: () => appended,
  };
}
