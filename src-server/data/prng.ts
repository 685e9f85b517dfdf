/**
 * Deterministic randomness for seeded data: every value of row i of a list is a pure
 * function of (seed, list salt, i), so rows can be generated lazily in any order.
 */

/** Final mix of murmur3: spreads every input bit over the 32-bit output. */
export function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a string, mixed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Combines integers into one 32-bit hash. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) h = mix32(h ^ mix32(v + 0x7f4a7c15));
  return h;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  range(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: a class, so the per-row stream allocates one small object and no closures. */
class Mulberry32 implements Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

/** A random stream seeded from a 32-bit state. */
export function createRandom(state: number): Random {
  return new Mulberry32(state);
}

/** The random stream of row `index` of the list named by `salt`. */
export function rowRandom(seed: number, salt: number, index: number): Random {
  return createRandom(hashInts(seed, salt, index));
}
