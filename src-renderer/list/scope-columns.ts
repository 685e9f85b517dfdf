import { indexedFields, type EndpointDef } from '../../src-shared/api/index.js';
import { changesSince, encodeIndexKey, readBodies, type IndexKey, type OutpostDb, type OverlayEntry } from '../../src-shared/store/index.js';
import { CodedColumn, type CodedColumnData } from './coded-column.js';
import { fieldPart, KEYS_PART, WRITTEN_PART, type ColumnsBase, type ColumnsKeys, type ColumnsSnapshot, type ColumnsToStore, type StoredColumns } from './columns-snapshot.js';
import type { Runs } from './packed-ints.js';
import { FieldZones, zonedFields, zonesOfSlots } from './chunk-zones.js';
import { lookAgainSoon, nextTurn } from '../lib/next-turn.js';

/** Where a slot's current copy is: a chunk row (chunk × SLOT + index), a single row, or gone. */
export const SLOT = 2048;
const LOCAL = -1;
const GONE = -2;

/** Chunks whose rows are read in one go while catching up. */
const BODIES_PER_READ = 16;

type Row = Record<string, unknown>;

function grow<T extends Float64Array | Uint32Array>(array: T, size: number, make: (n: number) => T): T {
  if (array.length >= size) return array;
  const grown = make(Math.max(size, array.length * 2, 1024));
  grown.set(array);
  return grown;
}

/**
 * One list's rows as compact columns: every row gets a slot (its position in these
 * arrays, for good), with its key, where its current copy lives, and each sortable or
 * filterable field as dictionary codes (coded-column.ts). Slots are given in the order
 * rows are first written (a page's rows in the API's order), and slot order is a list's
 * order with no sort and the tie-break of every order. Sorting and filtering a million rows then
 * reads typed arrays, no row and no IndexedDB index. The copy follows the scope's
 * revisions by deltas: new chunks and overlay entries are merged in the order they
 * were written (the latest write of a key wins); when rows were removed (a sweep) it
 * starts over. It can be stored and restored ({@link snapshot}), so a list opened
 * again is caught up from its stored revision instead of rebuilt; a restored copy reads
 * its keys and each field only when a request needs them ({@link ensure}).
 */
export class ScopeColumns {
  /** The scope revision the columns answer. */
  seq = 0;
  /** Raised on every change, for the caches of orders built on the columns. */
  version = 0;
  /** Slots in use (every slot below is a key the list held at some point). */
  count = 0;
  private places: Float64Array = new Float64Array(0);
  /** The places of restored columns as stored, until a change is merged or all of them are asked for ({@link place}). */
  private placeRuns: Runs | null = null;
  /** The fields read so far (all of them unless restored and not yet needed). */
  readonly columns = new Map<string, CodedColumn>();
  /** Every sortable or filterable field of the list. */
  readonly fields: readonly string[];
  /** The revision of the stored copy these columns were restored from or last written to. */
  storedSeq: number | null = null;
  /**
   * The stored parts (keys, write times, fields) that still hold what these columns
   * hold, with the revision each was stored at: a store writes the others only. A part
   * leaves when it changes (a field when a write gives a slot another value, the keys
   * and every field when a slot is added, the write times with any write); every part
   * leaves when the columns start over.
   */
  private storedParts = new Map<string, number>();
  /**
   * What each field's stored part costs to read, as the stored base says (ColumnsBase's
   * `partBytes`; empty for a base stored without it): the order of the read-ahead, and
   * the cost of the parts a store leaves as they are.
   */
  partBytes: Readonly<Record<string, number>> = {};
  /** Every slot's key; null while a restored copy has not read them. */
  private keyList: string[] | null = [];
  private writtenAt: Float64Array = new Float64Array(0);
  /** The stored parts of restored columns, each read once when first needed (a field read after changes were merged gets them from `unapplied`). */
  private parts: StoredColumns | null = null;
  private partsLost = false;
  /** Raised whenever the columns start over (rows removed, or a stored part was gone). */
  private generation = 0;
  /** Parts being read; `hurry`: a request waits for it (a part read ahead is then decoded at once). */
  private loading = new Map<string, { done: Promise<void>; hurry: boolean }>();
  private slotIndex: Map<string, number> | null = new Map();
  private local = new Map<number, OverlayEntry>();
  private chunkPass = new Map<number, string>();
  private liveRows = 0;
  private running: Promise<void> = Promise.resolve();
  /**
   * Writes not yet set on the columns, per field, in the order they came: a field read
   * gets them at the end of the catch-up that wrote them; a restored field not read yet
   * gets them when it is read.
   */
  private unapplied = new Map<string, { slots: number[]; values: IndexKey[] }>();
  /** The numeric fields, each with the range of its values in every chunk (chunk-zones.ts). */
  private readonly zoned: readonly string[];
  private zones = new Map<string, FieldZones>();
  /** Stored zones being read or read, by field (restored columns read them on demand). */
  private zonesRead = new Map<string, Promise<void>>();

  constructor(
    readonly endpoint: EndpointDef,
    readonly scope: string,
  ) {
    this.fields = indexedFields(endpoint);
    for (const field of this.fields) this.columns.set(field, new CodedColumn());
    this.zoned = zonedFields(endpoint, this.fields);
    this.clearZones();
  }

  private clearZones(): void {
    this.zones = new Map(this.zoned.map((field) => [field, new FieldZones()]));
    this.zonesRead = new Map();
  }

  /**
   * The chunk zones of a numeric field (chunk-zones.ts); undefined for other fields. Zones
   * of restored columns cover the chunks written since until {@link readZones} is done.
   */
  zonesOf(field: string): FieldZones | undefined {
    return this.zones.get(field);
  }

  /** Reads the stored zones of some fields of restored columns, once each (a zone part gone leaves those chunks without zones). */
  readZones(fields: readonly string[]): Promise<void> {
    const parts = this.parts;
    if (!parts) return Promise.resolve();
    return Promise.all(
      fields
        .filter((field) => this.zones.has(field))
        .map((field) => {
          let read = this.zonesRead.get(field);
          if (!read) {
            const zones = this.zones.get(field)!;
            read = parts.zones(field).then(
              (data) => {
                // Started over meanwhile: the zones are the chunks' own now.
                if (data && this.parts === parts) zones.noteStored(parts.base.chunks, data);
              },
              () => undefined,
            );
            this.zonesRead.set(field, read);
          }
          return read;
        }),
    ).then(() => undefined);
  }

  /** Every slot's key (read first with {@link ensure} on restored columns). */
  get keys(): readonly string[] {
    if (!this.keyList) throw new Error('the keys of restored columns are read on demand: ensure them first');
    return this.keyList;
  }

  /** A slot's key, when the keys are read. */
  keyAt(slot: number): string | undefined {
    return this.keyList?.[slot];
  }

  /**
   * Reads the stored parts a request needs (fields it sorts, filters or counts on; the
   * keys), once each. Parts stored over since the base was read are not mixed in: the
   * columns are then built from the chunks.
   */
  async ensure(db: OutpostDb, need: { readonly fields?: readonly (string | null)[]; readonly keys?: boolean; readonly gently?: boolean; readonly busy?: () => boolean }): Promise<void> {
    if (!this.parts) return;
    const generation = this.generation;
    const parts = [...(need.keys ? [null] : []), ...(need.fields ?? []).filter((f): f is string => f !== null && this.fields.includes(f))];
    await Promise.all(parts.map((part) => this.load(part, need.gently, need.busy)));
    // Built again from the chunks (by the catch-up that found the part gone, or this one).
    if (this.partsLost || this.generation !== generation) await this.sync(db);
  }

  /**
   * Reads one stored part (null: the keys), unless read or being read. `gently`: a field
   * read ahead, decoded between other work until a request asks for it too, and put
   * aside while a request waits for another part: read beside it, the part read ahead
   * took a share of the database's reads (a first filter's part read in 95 ms, 67 alone).
   * Nor is it started while a request waits for a part. `busy`: true while the engine
   * answers a request; a part read ahead asks for no piece and decodes no range then
   * (unless that request waits for it), so the request's reads and work go first.
   */
  private load(part: string | null, gently = false, busy?: () => boolean): Promise<void> {
    const parts = this.parts;
    if (!parts || (part === null ? this.keyList !== null : this.columns.has(part))) return Promise.resolve();
    const name = part ?? '';
    const running = this.loading.get(name);
    if (running) {
      running.hurry ||= !gently;
      return running.done;
    }
    const state = { hurry: !gently, done: Promise.resolve() };
    // A part a request waits for is read first: a part read ahead steps aside until it is in, and while a request is answered.
    const stepAside = async () => {
      while (!state.hurry) {
        const urgent = this.urgentLoad(state);
        if (urgent) await urgent.catch(() => undefined);
        else if (busy?.()) await lookAgainSoon();
        else return;
      }
    };
    const pause = async () => {
      if (state.hurry) return;
      await nextTurn();
      await stepAside();
    };
    state.done = (async () => {
      // Not started beside one either: its first reads would be queued before the urgent part's rest.
      if (gently) await stepAside();
      const value = part === null ? await parts.keys() : await parts.field(part, gently ? { pause, hurried: () => state.hurry } : undefined);
      // Started over meanwhile (rows removed, or another part was gone).
      if (this.parts !== parts) return;
      if (!value) this.partsLost = true;
      else if (part === null) this.restoreKeys(value as ColumnsKeys);
      else this.columns.set(part, this.caughtUp(part, new CodedColumn(value as CodedColumnData)));
    })().finally(() => this.loading.delete(name));
    this.loading.set(name, state);
    return state.done;
  }

  /** A read of a part that a request waits for, other than `self`, if one runs. */
  private urgentLoad(self: { readonly hurry: boolean }): Promise<void> | undefined {
    for (const running of this.loading.values()) if (running !== self && running.hurry) return running.done;
    return undefined;
  }

  /**
   * The fields not read yet, in the order to read them ahead: costliest first (as the
   * stored base says; in the catalogue's order when it does not). A user's first filter
   * on a field not read yet reads that field's part on demand: with the costly parts
   * read first, that is a cheap one (at a million rows, the last change date's million
   * distinct values were ~6 MB, 120 ms of a first filter read on demand; a state of three
   * values a byte a row).
   */
  unreadFields(): string[] {
    const cost = (field: string) => this.partBytes[field] ?? 0;
    // A stable sort: fields of equal (or unknown) cost keep the catalogue's order.
    return this.fields.filter((field) => !this.columns.has(field)).sort((a, b) => cost(b) - cost(a));
  }

  /** A field's column with the writes not yet set on it (its stored part no longer holds it when they change a value). */
  private caughtUp(field: string, column: CodedColumn): CodedColumn {
    const writes = this.unapplied.get(field);
    this.unapplied.delete(field);
    if (writes && column.assign(writes.slots, writes.values, this.count)) this.storedParts.delete(fieldPart(field));
    return column;
  }

  private restoreKeys(stored: ColumnsKeys): void {
    const n = this.count;
    const keys = new Array<string>(n);
    let start = 0;
    for (let slot = 0; slot < n; slot++) keys[slot] = stored.keyText.slice(start, (start = stored.keyEnds[slot]!));
    this.keyList = keys;
    this.writtenAt = stored.writtenAt;
  }

  /** Rows alive now. */
  get size(): number {
    return this.liveRows;
  }

  /** Catches up with the scope's current revision (one catch-up at a time); true when anything changed. */
  sync(db: OutpostDb): Promise<boolean> {
    const next = this.running.then(() => this.catchUp(db));
    this.running = next.then(() => undefined, () => undefined);
    return next;
  }

  private async catchUp(db: OutpostDb): Promise<boolean> {
    if (this.partsLost) {
      // A stored part was gone or stored over: built from the chunks.
      this.startOver();
    }
    const changes = await changesSince(db, this.scope, this.seq);
    if (changes.revision.seq === this.seq && !changes.reset) return false;
    if (!changes.reset && this.seq !== 0 && this.parts) {
      // Restored and now changed: the keys are read to merge by key. A field not read
      // yet keeps the writes it misses, applied when it is read (one filter after a
      // sync reads one field, not all of them).
      await this.load(null);
      if (this.partsLost) return this.catchUp(db);
    }
    if (changes.reset || this.seq === 0) this.startOver();
    const events = [...changes.heads.map((h) => ({ seq: h.chunk, head: h })), ...changes.overlay.map((e) => ({ seq: e.seq, entry: e }))].sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < events.length; ) {
      // Chunks in a row are read together; overlay entries carry their row.
      let j = i;
      while (j < events.length && 'head' in events[j]! && j - i < BODIES_PER_READ) j++;
      if (j === i) {
        const entry = (events[i] as { entry: OverlayEntry }).entry;
        this.write(entry.key, entry.seq, entry.row === null ? GONE : LOCAL, this.encoder(entry.row), entry);
        i++;
        continue;
      }
      const heads = events.slice(i, j).map((e) => (e as { head: (typeof changes.heads)[number] }).head);
      // Heads carry their columns: rows are read only for chunks written without them.
      const bare = heads.filter((h) => !this.fields.every((f) => h.columns?.[f]));
      const bodies = bare.length > 0 ? await readBodies(db, this.scope, bare.map((h) => h.chunk)) : [];
      if (bodies.some((b) => !b)) {
        // Swept while this catch-up ran: the next one starts over.
        this.seq = 0;
        this.unapplied.clear();
        return true;
      }
      for (const head of heads) {
        this.chunkPass.set(head.chunk, head.pass);
        const rows = bodies[bare.indexOf(head)];
        const columns = head.columns;
        for (const field of this.zoned) {
          const type = this.endpoint.query[field]!.type;
          this.zones.get(field)!.noteValues(head.chunk, rows ? head.keys.map((_, index) => encodeIndexKey(type, rows.row(index)?.[field])) : columns![field]!);
        }
        head.keys.forEach((key, index) => {
          const encode = rows ? this.encoder(rows.row(index) ?? null) : (field: string) => columns![field]![index]!;
          this.write(key, head.chunk, head.chunk * SLOT + index, encode);
        });
      }
      i = j;
    }
    for (const [field, column] of this.columns) this.caughtUp(field, column);
    this.seq = changes.revision.seq;
    this.version++;
    return true;
  }

  /**
   * Empties the columns to build them again from the chunks. They answer no revision until
   * built (`seq` 0): a request at the revision they had, from an asker that has not heard
   * of the change yet, otherwise skipped the catch-up and was answered from the columns
   * half built (the rows of chunks stored without their columns are read meanwhile).
   */
  private startOver(): void {
    this.seq = 0;
    this.generation++;
    this.parts = null;
    this.storedSeq = null;
    this.storedParts.clear();
    this.partsLost = false;
    this.count = 0;
    this.keyList = [];
    this.slotIndex = new Map();
    this.local.clear();
    this.chunkPass.clear();
    this.columns.clear();
    for (const field of this.fields) this.columns.set(field, new CodedColumn());
    this.unapplied.clear();
    this.clearZones();
    this.liveRows = 0;
    this.version++;
  }

  /** The encoded value of a field of a row, or null for a deleted row. */
  private encoder(row: Row | null): ((field: string) => IndexKey) | null {
    return row ? (field) => encodeIndexKey(this.endpoint.query[field]!.type, row[field]) : null;
  }

  private slotOf(): Map<string, number> {
    if (!this.slotIndex) {
      // A restored copy builds its key map only when a delta or a lookup needs it.
      this.slotIndex = new Map();
      const keys = this.keys;
      for (let slot = 0; slot < this.count; slot++) this.slotIndex.set(keys[slot]!, slot);
    }
    return this.slotIndex;
  }

  private write(key: string, seq: number, where: number, encode: ((field: string) => IndexKey) | null, entry?: OverlayEntry): void {
    const index = this.slotOf();
    let slot = index.get(key);
    if (slot === undefined) {
      if (where === GONE) return;
      slot = this.count++;
      index.set(key, slot);
      // Every part holds a value a slot: none stored holds this one.
      this.storedParts.clear();
      this.keyList!.push(key);
      this.place = grow(this.place, this.count, (n) => new Float64Array(n));
      this.writtenAt = grow(this.writtenAt, this.count, (n) => new Float64Array(n));
      this.place[slot] = GONE;
      this.writtenAt[slot] = 0;
    }
    if (this.writtenAt[slot]! > seq) return;
    const was = this.place[slot]!;
    if (was === GONE && where !== GONE) this.liveRows++;
    if (was !== GONE && where === GONE) this.liveRows--;
    this.place[slot] = where;
    this.writtenAt[slot] = seq;
    this.storedParts.delete(WRITTEN_PART);
    if (where === LOCAL && entry) this.local.set(slot, entry);
    else this.local.delete(slot);
    if (!encode) return;
    for (const field of this.fields) {
      let writes = this.unapplied.get(field);
      if (!writes) this.unapplied.set(field, (writes = { slots: [], values: [] }));
      writes.slots.push(slot);
      writes.values.push(encode(field));
    }
  }

  /** The encoded value of a field at a slot. */
  valueAt(field: string, slot: number): IndexKey | undefined {
    const column = this.columns.get(field);
    return column ? column.value(column.codes[slot]!) : undefined;
  }

  /** The pass that wrote a chunk. */
  passOf(chunk: number): string {
    return this.chunkPass.get(chunk) ?? '';
  }

  /** The overlay entry a slot's current copy is, if it is a single row. */
  localEntry(slot: number): OverlayEntry | undefined {
    return this.local.get(slot);
  }

  /** The slot of a key, if the list ever held it (the keys read first, see {@link ensure}). */
  slotOfKey(key: string): number | undefined {
    return this.slotOf().get(key);
  }

  /** Every slot's place (see {@link SLOT}); restored columns write their stored runs out when first asked. */
  get place(): Float64Array {
    if (this.placeRuns) {
      this.places = this.placeRuns.values();
      this.placeRuns = null;
    }
    return this.places;
  }

  set place(place: Float64Array) {
    this.places = place;
    this.placeRuns = null;
  }

  /** A slot's place, read where it is stored (the runs of restored columns not changed since). */
  placeAt(slot: number): number {
    return this.placeRuns ? this.placeRuns.at(slot) : this.places[slot]!;
  }

  /** True when the slot holds a row now. */
  alive(slot: number): boolean {
    return this.placeAt(slot) !== GONE;
  }

  /**
   * One byte a slot, 1 where the slot holds a row now. Built again at the first query
   * after every change of the list, it was the costliest part of a first filter (~15–25
   * ms at a million slots, a loop run cold each time) while the filter's own pass over
   * the same slots took ~1 ms: a list nothing was removed from is filled natively, the
   * runs of a restored one are read where they are, and others take one loop over the
   * places (a call less a slot than {@link alive}).
   */
  liveMask(): Uint8Array {
    const n = this.count;
    if (this.liveRows === n) return new Uint8Array(n).fill(1);
    if (this.placeRuns) {
      const mask = new Uint8Array(n).fill(1);
      this.placeRuns.indexesOf(GONE, (slot) => (mask[slot] = 0));
      return mask;
    }
    const place = this.places;
    const mask = new Uint8Array(n);
    for (let slot = 0; slot < n; slot++) mask[slot] = Number(place[slot]! !== GONE);
    return mask;
  }

  /** The parts a store reads first ({@link ensure}): those it writes, and the numeric fields, whose chunk zones it works out again. */
  needToStore(): { readonly fields: readonly string[]; readonly keys: boolean } {
    const stored = (part: string) => this.storedParts.has(part);
    return {
      keys: !stored(KEYS_PART) || !stored(WRITTEN_PART),
      fields: this.fields.filter((field) => !stored(fieldPart(field)) || this.unapplied.has(field) || this.zoned.includes(field)),
    };
  }

  /** Whether the parts `need` names are read (and so {@link toStore} may be taken). */
  holds(need: { readonly fields?: readonly (string | null)[]; readonly keys?: boolean }): boolean {
    return (!need.keys || this.keyList !== null) && (need.fields ?? []).every((field) => field === null || this.columns.has(field));
  }

  /**
   * What a store writes ({@link ColumnsToStore}): the base, the chunk zones, and the
   * parts that changed since they were stored, as copies, so the live ones may change
   * while they are written (the parts {@link needToStore} names read first).
   */
  toStore(): ColumnsToStore {
    return this.parted(this.storedParts);
  }

  /** The columns whole, as {@link toStore} writes them the first time (every part read first, see {@link ensure}). */
  snapshot(): ColumnsSnapshot {
    const { base, keys, writtenAt, fields, zones } = this.parted(new Map());
    return { base, keys: { ...keys!, writtenAt: writtenAt! }, fields, zones };
  }

  private parted(kept: ReadonlyMap<string, number>): ColumnsToStore {
    const n = this.count;
    let keys: ColumnsToStore['keys'];
    if (!kept.has(KEYS_PART)) {
      const list = this.keys;
      const keyEnds = new Uint32Array(n);
      let end = 0;
      for (let slot = 0; slot < n; slot++) keyEnds[slot] = end += list[slot]!.length;
      keys = { keyText: list.slice(0, n).join(''), keyEnds };
    }
    const fields: Record<string, CodedColumnData> = {};
    for (const field of this.fields) if (!kept.has(fieldPart(field))) fields[field] = this.columns.get(field)!.data(n);
    const chunks = Float64Array.from(this.chunkPass.keys());
    const place = this.place;
    const zones = zonesOfSlots(this.zoned, chunks, n, (slot) => (place[slot]! < 0 ? -1 : Math.floor(place[slot]! / SLOT)), (field) => {
      const column = this.columns.get(field)!;
      return (slot) => column.value(column.codes[slot]!);
    });
    const base: ColumnsBase = {
      layout: 'parts',
      endpoint: this.endpoint.id,
      seq: this.seq,
      live: this.liveRows,
      place: place.slice(0, n),
      fields: this.fields,
      chunks,
      passes: [...this.chunkPass.values()],
      local: [...this.local],
    };
    return {
      base,
      ...(keys ? { keys } : {}),
      ...(kept.has(WRITTEN_PART) ? {} : { writtenAt: this.writtenAt.slice(0, n) }),
      fields,
      zones,
      kept: Object.fromEntries(kept),
    };
  }

  /** Whether a store may leave a part as it is stored: the keys, the write times and the fields (the chunk zones, worked out again, are written every time). */
  private keepable(part: string): boolean {
    return part === KEYS_PART || part === WRITTEN_PART || this.fields.some((field) => fieldPart(field) === part);
  }

  /** Which stored copy the columns answer now: a mark to hand back to {@link noteStored}. */
  storeMark(): { readonly seq: number; readonly generation: number } {
    return { seq: this.seq, generation: this.generation };
  }

  /**
   * Notes a store of {@link toStore}'s parts, taken at `mark`, with the revision each
   * part written answers and what each field's part costs to read. Changed since (caught
   * up, started over), the columns count nothing of it as stored but the revision.
   */
  noteStored(mark: { readonly seq: number; readonly generation: number }, written: Readonly<Record<string, number>>, partBytes: Readonly<Record<string, number>>): void {
    this.storedSeq = mark.seq;
    if (mark.seq !== this.seq || mark.generation !== this.generation) return;
    for (const [part, seq] of Object.entries(written)) if (this.keepable(part)) this.storedParts.set(part, seq);
    this.partBytes = partBytes;
  }

  /** Columns from their stored base (then caught up with {@link sync}), the other parts read on demand; null when it does not fit the list. */
  static restore(endpoint: EndpointDef, scope: string, stored: StoredColumns): ScopeColumns | null {
    const columns = new ScopeColumns(endpoint, scope);
    const { base } = stored;
    if (base.endpoint !== endpoint.id || columns.fields.some((f) => !base.fields.includes(f))) return null;
    columns.count = base.place.length;
    columns.seq = base.seq;
    columns.storedSeq = base.seq;
    columns.liveRows = base.live;
    if (base.place instanceof Float64Array) columns.place = base.place;
    else columns.placeRuns = base.place;
    columns.keyList = null;
    columns.slotIndex = null;
    columns.columns.clear();
    columns.parts = stored;
    // A base stored before parts named their revisions: every part answers its own, the write times among the keys.
    const parts = base.parts ?? Object.fromEntries([KEYS_PART, ...base.fields.map(fieldPart)].map((part) => [part, base.seq]));
    for (const [part, seq] of Object.entries(parts)) if (columns.keepable(part)) columns.storedParts.set(part, seq);
    columns.partBytes = base.partBytes ?? {};
    base.chunks.forEach((chunk, i) => columns.chunkPass.set(chunk, base.passes[i]!));
    columns.local = new Map(base.local);
    return columns;
  }
}
