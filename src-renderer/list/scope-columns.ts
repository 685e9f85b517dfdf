import { endpoints, indexedFields, type EndpointDef } from '../../src-shared/api/index.js';
import { changesSince, chunkRows, encodeIndexKey, readBodies, storedRowOf, type IndexKey, type OutpostDb, type OverlayEntry, type StoredRow } from '../../src-shared/store/index.js';

/** Where a slot's current copy is: a chunk row (chunk × SLOT + index), a single row, or gone. */
export const SLOT = 2048;
const LOCAL = -1;
const GONE = -2;

/** Chunks whose rows are read in one go while catching up. */
const BODIES_PER_READ = 16;

type Row = Record<string, unknown>;

/**
 * One list's rows as compact columns: every row gets a slot (its position in these
 * arrays, for good), with its key, where its current copy lives, and the encoded value
 * of each sortable or filterable field (index-keys.ts). Sorting and filtering a million
 * rows then reads these arrays, no row and no IndexedDB index. The copy follows the
 * scope's revisions by deltas: new chunks and overlay entries are merged in the order
 * they were written (the latest write of a key wins); when rows were removed (a sweep)
 * it starts over.
 */
export class ScopeColumns {
  /** The scope revision the columns answer. */
  seq = 0;
  /** Raised on every change, for the caches of orders built on the columns. */
  version = 0;
  readonly keys: string[] = [];
  readonly place: number[] = [];
  readonly columns = new Map<string, IndexKey[]>();
  /** Slots changed (or added) at each version since the last start-over. */
  private readonly touched: { version: number; slots: number[] }[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly writtenAt: number[] = [];
  private readonly local = new Map<number, OverlayEntry>();
  private readonly chunkPass = new Map<number, string>();
  private liveRows = 0;
  private running: Promise<void> = Promise.resolve();
  /** The version from which {@link touchedSince} knows every change. */
  private since = 0;

  constructor(
    readonly endpoint: EndpointDef,
    readonly scope: string,
  ) {
    for (const field of indexedFields(endpoint)) this.columns.set(field, []);
  }

  /** Rows alive now. */
  get size(): number {
    return this.liveRows;
  }

  /** Slots whose row may have changed after `version`, or null when the columns started over since. */
  touchedSince(version: number): Set<number> | null {
    if (version < this.since) return null;
    const slots = new Set<number>();
    for (const t of this.touched) if (t.version > version) for (const s of t.slots) slots.add(s);
    return slots;
  }

  /** Catches up with the scope's current revision (one catch-up at a time). */
  sync(db: OutpostDb): Promise<void> {
    const next = this.running.then(() => this.catchUp(db));
    this.running = next.catch(() => undefined);
    return next;
  }

  private async catchUp(db: OutpostDb): Promise<void> {
    const changes = await changesSince(db, this.scope, this.seq);
    if (changes.revision.seq === this.seq && !changes.reset) return;
    if (changes.reset || this.seq === 0) this.startOver();
    const slots: number[] = [];
    const events = [...changes.heads.map((h) => ({ seq: h.chunk, head: h })), ...changes.overlay.map((e) => ({ seq: e.seq, entry: e }))].sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < events.length; ) {
      // Chunks in a row are read together; overlay entries carry their row.
      let j = i;
      while (j < events.length && 'head' in events[j]! && j - i < BODIES_PER_READ) j++;
      if (j === i) {
        const entry = (events[i] as { entry: OverlayEntry }).entry;
        this.write(entry.key, entry.seq, entry.row === null ? GONE : LOCAL, this.encoder(entry.row), slots, entry);
        i++;
        continue;
      }
      const heads = events.slice(i, j).map((e) => (e as { head: (typeof changes.heads)[number] }).head);
      // Heads carry their columns: rows are read only for chunks written without them.
      const fields = [...this.columns.keys()];
      const bare = heads.filter((h) => !fields.every((f) => h.columns?.[f]));
      const bodies = bare.length > 0 ? await readBodies(db, this.scope, bare.map((h) => h.chunk)) : [];
      if (bodies.some((b) => !b)) {
        // Swept while this catch-up ran: the next one starts over.
        this.seq = 0;
        return;
      }
      for (const head of heads) {
        this.chunkPass.set(head.chunk, head.pass);
        const rows = bodies[bare.indexOf(head)];
        const columns = head.columns;
        head.keys.forEach((key, index) => {
          const encode = rows ? this.encoder(rows.row(index) ?? null) : (field: string) => columns![field]![index]!;
          this.write(key, head.chunk, head.chunk * SLOT + index, encode, slots);
        });
      }
      i = j;
    }
    this.seq = changes.revision.seq;
    this.version++;
    this.touched.push({ version: this.version, slots });
    if (this.touched.length > 64) this.touched.shift();
    this.since = Math.max(this.since, this.touched[0]!.version - 1);
  }

  private startOver(): void {
    this.keys.length = 0;
    this.place.length = 0;
    this.writtenAt.length = 0;
    for (const column of this.columns.values()) column.length = 0;
    this.slotOf.clear();
    this.local.clear();
    this.chunkPass.clear();
    this.touched.length = 0;
    this.liveRows = 0;
    this.version++;
    this.since = this.version;
  }

  /** The encoded value of a field of a row, or null for a deleted row. */
  private encoder(row: Row | null): ((field: string) => IndexKey) | null {
    return row ? (field) => encodeIndexKey(this.endpoint.query[field]!.type, row[field]) : null;
  }

  private write(key: string, seq: number, where: number, encode: ((field: string) => IndexKey) | null, slots: number[], entry?: OverlayEntry): void {
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      if (where === GONE) return;
      slot = this.keys.length;
      this.slotOf.set(key, slot);
      this.keys.push(key);
      this.place.push(GONE);
      this.writtenAt.push(0);
      for (const column of this.columns.values()) column.push(-Infinity);
    }
    if (this.writtenAt[slot]! > seq) return;
    const was = this.place[slot]!;
    if (was === GONE && where !== GONE) this.liveRows++;
    if (was !== GONE && where === GONE) this.liveRows--;
    this.place[slot] = where;
    this.writtenAt[slot] = seq;
    if (where === LOCAL && entry) this.local.set(slot, entry);
    else this.local.delete(slot);
    if (encode) for (const [field, column] of this.columns) column[slot] = encode(field);
    slots.push(slot);
  }

  /** The pass that wrote a chunk. */
  passOf(chunk: number): string {
    return this.chunkPass.get(chunk) ?? '';
  }

  /** The overlay entry a slot's current copy is, if it is a single row. */
  localEntry(slot: number): OverlayEntry | undefined {
    return this.local.get(slot);
  }

  /** The slot of a key, if the list ever held it. */
  slotOfKey(key: string): number | undefined {
    return this.slotOf.get(key);
  }

  /** True when the slot holds a row now. */
  alive(slot: number): boolean {
    return this.place[slot]! !== GONE;
  }

  /** The rows of some slots, read from their chunks through the row source's cache. */
  async rows(db: OutpostDb, slots: readonly number[]): Promise<StoredRow[]> {
    const table = this.endpoint.table;
    const chunks = slots.map((s) => this.place[s]!).filter((p) => p >= 0).map((p) => Math.floor(p / SLOT));
    const read = await chunkRows(db, this.scope, chunks);
    const out: StoredRow[] = [];
    for (const slot of slots) {
      const where = this.place[slot]!;
      if (where === GONE) continue;
      if (where === LOCAL) {
        const entry = this.local.get(slot)!;
        out.push(storedRowOf(this.scope, table, this.keys[slot]!, entry.pass ?? '', entry.row!, entry));
        continue;
      }
      const chunk = Math.floor(where / SLOT);
      const row = read.get(chunk)?.row(where % SLOT);
      if (row) out.push(storedRowOf(this.scope, table, this.keys[slot]!, this.chunkPass.get(chunk) ?? '', row));
    }
    return out;
  }
}

/** Lists kept: the last used, up to this many, and fewer when together they hold more rows than {@link SLOTS_KEPT}. */
const LISTS_KEPT = 64;
const SLOTS_KEPT = 1_500_000;
const registry = new WeakMap<OutpostDb, Map<string, ScopeColumns>>();

/** The columns of a list, kept for the few lists used last and brought up to date. */
export async function columnsOf(db: OutpostDb, endpoint: EndpointDef, scope: string): Promise<ScopeColumns> {
  const lists = registry.get(db) ?? new Map<string, ScopeColumns>();
  registry.set(db, lists);
  // One copy per scope: E5 rows live in E4's lists, so the list endpoint names the fields.
  const owner = Object.values(endpoints).find((e) => e.table === endpoint.table && e.kind === 'list' && scope.startsWith(`${e.id}:`)) ?? endpoint;
  let columns = lists.get(scope);
  lists.delete(scope);
  if (!columns || columns.endpoint !== owner) columns = new ScopeColumns(owner, scope);
  lists.set(scope, columns);
  let slots = 0;
  for (const kept of lists.values()) slots += kept.keys.length;
  for (const [name, kept] of lists) {
    if (lists.size <= 2 || (lists.size <= LISTS_KEPT && slots <= SLOTS_KEPT)) break;
    slots -= kept.keys.length;
    lists.delete(name);
  }
  await columns.sync(db);
  return columns;
}
