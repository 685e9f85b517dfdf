import type { EndpointId } from '../../src-shared/api/index.js';
import type { OverlayEntry } from '../../src-shared/store/index.js';
import type { CodedColumnData } from './coded-column.js';
import type { ZonesData } from './chunk-zones.js';
import type { Runs } from './packed-ints.js';
import type { ReadGently } from './stored-pieces.js';

/**
 * A list's columns as stored (listCaches), in parts read when first needed: at a
 * million rows the whole is ~140 MB (half of it the keys' text), and a list opened
 * again then waited ~400 ms for it before its first filter. The base ('columns') is
 * what every query reads; a field ('field:<name>') is read when a query sorts,
 * filters or counts on it; the keys ('keys') when a delta is merged, a key looked up
 * or a window answered without its rows. Every part names the revision it answers,
 * and parts of different revisions are never put together.
 */
export interface ColumnsBase {
  readonly layout: 'parts';
  readonly endpoint: EndpointId;
  readonly seq: number;
  readonly live: number;
  readonly place: Float64Array;
  /** The fields stored, each as its own part. */
  readonly fields: readonly string[];
  /**
   * What each field's part costs to read, about its bytes as stored (see list-caches.ts):
   * the fields are read ahead costliest first. Absent from bases stored before.
   */
  readonly partBytes?: Readonly<Record<string, number>>;
  readonly chunks: Float64Array;
  readonly passes: readonly string[];
  readonly local: readonly (readonly [number, OverlayEntry])[];
  /**
   * The revision each other part answers, the base's own or an older one: a part that
   * did not change since it was stored is not stored again (a delta that changed one row
   * of a million-row list stored every part of it again, the keys' text alone ~70 MB).
   * Absent from bases stored before: every part then answers the base's revision, and
   * the write times are in the keys' part.
   */
  readonly parts?: Readonly<Record<string, number>>;
}

/**
 * The keys as read: one text of every key and where each slot's key ends in it (part
 * 'keys', which changes only when a key is added), and the write each slot's copy came
 * from (part 'written', which every write changes; in 'keys' in bases stored before).
 */
export interface ColumnsKeys {
  readonly keyText: string;
  readonly keyEnds: Uint32Array;
  readonly writtenAt: Float64Array;
}

/** A list's columns whole, as written: the base, the keys, every field and the chunk zones of the numeric ones ('zone:<name>', chunk-zones.ts). */
export interface ColumnsSnapshot {
  readonly base: ColumnsBase;
  readonly keys: ColumnsKeys;
  readonly fields: Readonly<Record<string, CodedColumnData>>;
  readonly zones: Readonly<Record<string, ZonesData>>;
}

/**
 * What a store writes of a list's columns: the base, and each other part that changed
 * since its stored copy (all of them the first time); `kept` names the parts left as
 * they are stored, with the revision each answers.
 */
export interface ColumnsToStore {
  readonly base: ColumnsBase;
  readonly keys?: Omit<ColumnsKeys, 'writtenAt'>;
  readonly writtenAt?: Float64Array;
  readonly fields: Readonly<Record<string, CodedColumnData>>;
  readonly zones: Readonly<Record<string, ZonesData>>;
  readonly kept: Readonly<Record<string, number>>;
}

/** A base as read: its places as runs where they were stored so (read where they are), as an array otherwise. */
export type ReadBase = Omit<ColumnsBase, 'place'> & { readonly place: Float64Array | Runs };

/** Stored columns as read: the base, and the other parts on demand (null when a part is gone or answers another revision). */
export interface StoredColumns {
  readonly base: ReadBase;
  keys(): Promise<ColumnsKeys | null>;
  /** `gently`: a field read ahead, its pieces read a few at a time and its pause awaited between the ranges of its decode; without it, read and decoded at once. */
  field(name: string, gently?: ReadGently): Promise<CodedColumnData | null>;
  /** A numeric field's chunk zones, in the order of the base's chunks (null when not stored: columns stored before zones). */
  zones(name: string): Promise<ZonesData | null>;
}

export const KEYS_PART = 'keys';
export const WRITTEN_PART = 'written';
export const fieldPart = (field: string) => `field:${field}`;
export const zonePart = (field: string) => `zone:${field}`;
