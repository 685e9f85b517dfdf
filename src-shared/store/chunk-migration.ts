import type { Transaction } from 'dexie';
import { chunkEnds } from './chunk-writes.js';
import { tableIndexColumns } from './index-keys.js';
import type { ChunkBody, ChunkHead, OverlayEntry, ScopeRevision } from './records.js';

/** Rows of one scope and pass gathered before they are written (as chunks of {@link chunkEnds}' size). */
export const CHUNK_ROWS = 1000;

/** A version 3 row record (one per row). */
interface RowRecord {
  readonly scope: number;
  readonly scopeKey: string;
  readonly key: string;
  readonly pass: string;
  readonly row: Record<string, unknown>;
  readonly pending?: 0 | 1;
  readonly base?: Record<string, unknown> | null;
}

/** What one scope's rows become while a table is read: chunks per pass, local copies apart. */
class ScopeBuffer {
  private seq = 0;
  private readonly byPass = new Map<string, RowRecord[]>();
  private readonly writes: Promise<unknown>[] = [];

  constructor(
    private readonly tx: Transaction,
    private readonly table: string,
    readonly scope: number,
    private readonly scopeKey: string,
  ) {}

  add(record: RowRecord): void {
    if (record.pending === 1) {
      // A local copy keeps its stamp, explicitly: no chunk holds its key to inherit from.
      const entry: OverlayEntry = { scope: this.scope, scopeKey: this.scopeKey, table: this.table, key: record.key, seq: ++this.seq, pass: record.pass, row: record.row, pending: 1, base: record.base ?? null };
      this.writes.push(this.tx.table('overlay').put(entry));
      return;
    }
    const rows = this.byPass.get(record.pass) ?? [];
    rows.push(record);
    this.byPass.set(record.pass, rows);
    if (rows.length >= CHUNK_ROWS) this.flush(record.pass);
  }

  private flush(pass: string): void {
    const rows = this.byPass.get(pass) ?? [];
    this.byPass.delete(pass);
    if (rows.length === 0) return;
    const texts = rows.map((r) => JSON.stringify(r.row));
    let start = 0;
    for (const end of chunkEnds(texts)) {
      const part = rows.slice(start, end);
      const chunk = ++this.seq;
      const head: ChunkHead = { scope: this.scope, chunk, scopeKey: this.scopeKey, table: this.table, pass, keys: part.map((r) => r.key), columns: tableIndexColumns(this.table, part.map((r) => r.row)) };
      const body: ChunkBody = { scope: this.scope, chunk, rows: texts.slice(start, end) };
      this.writes.push(this.tx.table('chunkHeads').put(head), this.tx.table('chunkBodies').put(body));
      start = end;
    }
  }

  async close(): Promise<void> {
    for (const pass of [...this.byPass.keys()]) this.flush(pass);
    const revision: ScopeRevision = { scope: this.scope, seq: this.seq, resetAt: 0 };
    this.writes.push(this.tx.table('revisions').put(revision));
    await Promise.all(this.writes);
  }
}

/**
 * Version 4's upgrade: moves every per-row record of the version 3 tables into chunks
 * per scope and pass, split as the mirror splits pages ({@link chunkEnds}; local copies
 * with an edit pending go to the overlay), reading each table in primary-key order (one scope
 * after the other) a few thousand records at a time.
 * @param tables the version 3 row tables, still readable during the upgrade
 */
export async function rowsIntoChunks(tx: Transaction, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    let buffer = null as ScopeBuffer | null;
    let last: unknown = null;
    for (;;) {
      const source = tx.table(table);
      const page = (await (last === null ? source.toCollection() : source.where(':id').above(last)).limit(5000).toArray()) as RowRecord[];
      if (page.length === 0) break;
      for (const record of page) {
        if (buffer?.scope !== record.scope) {
          await buffer?.close();
          buffer = new ScopeBuffer(tx, table, record.scope, record.scopeKey ?? String(record.scope));
        }
        buffer.add(record);
      }
      const end = page[page.length - 1]!;
      last = [end.scope, end.key];
    }
    await buffer?.close();
  }
}
