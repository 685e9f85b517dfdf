import { hashInts, hashString, mix32 } from './prng.js';

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

function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
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
    const a = hex8(hashInts(base, p, 1));
    const b = hex8(hashInts(base, p, 2));
    const c = hex8(hashInts(base, p, 3));
    const variant = '89ab'[parseInt(c[0]!, 16) & 3]!;
    const tail = p.toString(16).padStart(12, '0');
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
