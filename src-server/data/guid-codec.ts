import { hashInts, hashString, mix32 } from './prng.js';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Guids that look random but encode a row index: the last 12 hex digits are a
 * Feistel permutation of the index (48 bits) and the first 20 a keyed hash of it. A
 * list can therefore turn an id back into its row without an index table, which
 * keeps a million-row list at zero memory until it is changed.
 */
export interface GuidCodec {
  encode(index: number): string;
  /** The index an id was made from, or undefined when it is not one of this codec's. */
  decode(id: string): number | undefined;
}

const HALF = 0x1000000; // 2^24
const ROUNDS = 4;

/** 8 hex digits of a 32-bit value (a table beats toString/padStart on the hot path). */
function hex8(value: number): string {
  return HEX[value >>> 24]! + HEX[(value >>> 16) & 255]! + HEX[(value >>> 8) & 255]! + HEX[value & 255]!;
}

/** Three hashes of (base, p, k) for k = 1, 2, 3, mixed inline. */
function hash3(base: number, p: number, k: number): number {
  return mix32(mix32(mix32(0x9e3779b9 ^ mix32(base + 0x7f4a7c15)) ^ mix32(p + 0x7f4a7c15)) ^ mix32(k + 0x7f4a7c15));
}

export function createGuidCodec(seed: number, salt: string): GuidCodec {
  const base = hashInts(seed, hashString(salt));
  const keys = Array.from({ length: ROUNDS }, (_, r) => hashInts(base, r));
  const round = (half: number, r: number): number => mix32(half ^ keys[r]!) & 0xffffff;

  const permute = (index: number): number => {
    let left = Math.floor(index / HALF);
    let right = index % HALF;
    for (let r = 0; r < ROUNDS; r++) [left, right] = [right, left ^ round(right, r)];
    return left * HALF + right;
  };
  const unpermute = (value: number): number => {
    let left = Math.floor(value / HALF);
    let right = value % HALF;
    for (let r = ROUNDS - 1; r >= 0; r--) [left, right] = [right ^ round(left, r), left];
    return left * HALF + right;
  };

  const encode = (index: number): string => {
    const p = permute(index);
    const a = hex8(hash3(base, p, 1));
    const bHash = hash3(base, p, 2);
    const cHash = hash3(base, p, 3);
    const b = hex8(bHash);
    const c = hex8(cHash);
    const variant = '89ab'[(cHash >>> 28) & 3]!;
    const tail = HEX[Math.floor(p / 2 ** 40) & 255]! + HEX[Math.floor(p / 2 ** 32) & 255]! + hex8(p % 2 ** 32);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${tail}`;
  };
  return {
    encode,
    decode(id) {
      if (id.length !== 36) return undefined;
      const tail = Number.parseInt(id.slice(24), 16);
      if (!Number.isFinite(tail)) return undefined;
      const index = unpermute(tail);
      return encode(index) === id.toLowerCase() ? index : undefined;
    },
  };
}
