import { formatDate, OFFSET_UTC, type DateStyle } from '../dates.js';
import { createGuidCodec, type GuidCodec } from '../guid-codec.js';
import { hashString, mix32, rowRandom, type Random } from '../prng.js';
import type { Row, RowGenerator } from '../row-generator.js';

/** Seeded rows span these two years; changes made at run time come after them. */
export const SEED_START = Date.UTC(2023, 0, 1);
export const SEED_END = Date.UTC(2025, 11, 31);

/** What a row builder gets besides its random stream. */
export interface RowTimes {
  /** Creation time (epoch ms), strictly increasing with the index. */
  readonly created: number;
  /** Last modification (epoch ms) or null when never modified. */
  readonly modified: number | null;
  readonly format: (ms: number) => string;
}

export interface GeneratorSpec {
  readonly seed: number;
  /** Names the list: rows of different lists differ even at the same index. */
  readonly salt: string;
  readonly size: number;
  readonly style?: DateStyle;
  /** Share of rows never modified (lastModifiedDateTime null). */
  readonly unmodifiedShare?: number;
  /** Adds `sortOrder = index + 1` as an ordered field. */
  readonly sortOrder?: boolean;
  /** Rows are keyed by something else than a generated `id` (then give indexOf). */
  readonly indexOf?: (key: string) => number | undefined;
  /** See {@link RowGenerator.indicesWhere}. */
  readonly indicesWhere?: (field: string, value: string) => number[] | null;
  build(index: number, random: Random, times: RowTimes, id: string): Row;
}

/**
 * A generator whose row i has an id from a per-list guid codec, a creation time that
 * grows with i across the seeded period, and the fields `build` adds.
 */
export function defineGenerator(spec: GeneratorSpec): RowGenerator & { codec: GuidCodec } {
  const salt = hashString(spec.salt);
  const codec = createGuidCodec(spec.seed, spec.salt);
  const style = spec.style ?? OFFSET_UTC;
  const step = (SEED_END - SEED_START) / Math.max(spec.size, 1);
  const unmodified = spec.unmodifiedShare ?? 0.4;
  const created = (i: number) =>
    SEED_START + Math.floor(i * step) + Math.floor(((mix32(salt ^ i) % 1000) / 1000) * (step / 2));
  const format = (ms: number) => formatDate(ms, style);
  // The first draws of a row's stream decide its modification, so it can be computed alone.
  const modifiedOf = (random: Random, c: number): number | null =>
    random.chance(unmodified) ? null : c + Math.floor(random.next() * Math.max(0, SEED_END - c));
  const ordered: Record<string, (i: number) => number> = { creationDateTime: created };
  if (spec.sortOrder) ordered['sortOrder'] = (i) => i + 1;
  return {
    codec,
    size: spec.size,
    row(i) {
      const random = rowRandom(spec.seed, salt, i);
      const c = created(i);
      return spec.build(i, random, { created: c, modified: modifiedOf(random, c), format }, codec.encode(i));
    },
    modifiedAt: (i) => modifiedOf(rowRandom(spec.seed, salt, i), created(i)),
    indexOf: spec.indexOf ?? ((key) => codec.decode(key)),
    ...(spec.indicesWhere ? { indicesWhere: spec.indicesWhere } : {}),
    ordered,
    modifiedUntil: SEED_END,
    formatTime: format,
  };
}
