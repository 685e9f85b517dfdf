/**
 * The slots of a list by key, kept sorted as slots are added: new keys (a page, a few
 * deltas) are sorted among themselves and merged into the order already built, so a
 * catch-up never sorts the whole list again.
 */

/** `keyOrder` (slots `0 .. firstNew` by key) with the slots `firstNew .. count` merged in by their keys. */
export function mergeKeyOrder(keys: readonly string[], keyOrder: Uint32Array, firstNew: number, count: number): Uint32Array {
  const fresh = Uint32Array.from({ length: count - firstNew }, (_, i) => firstNew + i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const old = keyOrder.subarray(0, firstNew);
  const out = new Uint32Array(count);
  let at = 0;
  let n = 0;
  for (const slot of fresh) {
    // Binary search of the new key among the old ones: few compares for a page into a million.
    let lo = at;
    let hi = old.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[old[mid]!]! < keys[slot]!) lo = mid + 1;
      else hi = mid;
    }
    out.set(old.subarray(at, lo), n);
    n += lo - at;
    at = lo;
    out[n++] = slot;
  }
  out.set(old.subarray(at), n);
  return out;
}
