/**
 * How deep a response row may nest. Storing a row copies it recursively (structured
 * clone into IndexedDB, JSON over the bridge), and a few thousand levels overflow the
 * stack; no resource of the API nests more than a handful of levels.
 */
export const MAX_ROW_DEPTH = 64;

/**
 * True when `value` has arrays or objects nested more than `limit` levels deep. Every
 * row of every page is checked: the walk allocates nothing (an array of each object's
 * values was ~5 % of what main allocated during a mirror).
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (const child of value) if (nestedDeeperThan(child, limit - 1)) return true;
    return false;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) if (Object.hasOwn(object, key) && nestedDeeperThan(object[key], limit - 1)) return true;
  return false;
}

/** A copy of `value` with everything below `limit` levels replaced by a marker string, so it can be stored. */
export function clipNesting(value: unknown, limit: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (limit <= 0) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((child) => clipNesting(child, limit - 1));
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, clipNesting(child, limit - 1)]));
}
