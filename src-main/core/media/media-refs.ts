/** A file a mirrored row links to, as the row describes it. */
export interface MediaRef {
  readonly url: string;
  /** The type the media object declares (null: none; `image/*`: an image of some type). */
  readonly contentType: string | null;
  readonly fileName: string | null;
}

/** Rows are walked this deep at most: media objects sit two or three levels down (data-list values). */
const MAX_DEPTH = 6;
/** A hostile row with thousands of media objects yields no more than this many. */
const MAX_PER_ROW = 50;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What one row's walk has found (made at its first find: most rows link to no file). */
interface Finds {
  found: Map<string, MediaRef> | null;
}

function walk(value: unknown, depth: number, finds: Finds): void {
  if ((finds.found !== null && finds.found.size >= MAX_PER_ROW) || depth > MAX_DEPTH || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, depth + 1, finds);
    return;
  }
  const object = value as Record<string, unknown>;
  const url = text(object['downloadUrl']);
  if (url && 'id' in object) {
    const found = (finds.found ??= new Map());
    if (!found.has(url)) found.set(url, { url, contentType: text(object['contentType']), fileName: text(object['fileName']) });
    return;
  }
  for (const key in object) if (Object.hasOwn(object, key)) walk(object[key], depth + 1, finds);
}

/** A row's media by address, or null when it links to none. */
function mediaOfRow(row: Readonly<Record<string, unknown>>): Map<string, MediaRef> | null {
  const finds: Finds = { found: null };
  walk(row, 0, finds);
  const feature = text(row['featureMediaDownloadUrl']);
  if (feature && !finds.found?.has(feature) && (finds.found?.size ?? 0) < MAX_PER_ROW) {
    (finds.found ??= new Map()).set(feature, { url: feature, contentType: 'image/*', fileName: null });
  }
  return finds.found;
}

/**
 * The media a row links to: every media object with a `downloadUrl` (post and comment
 * media, user images, form icons, data-list media, subtask media), and a post's
 * `featureMediaDownloadUrl` (an image; its type from the media object with that id or
 * address when the row has one). Third-party references (`referenceUrl`) are links,
 * not files, and are not kept. Addresses are not judged here (see `media-policy.ts`).
 * Every mirrored row is walked: the walk allocates nothing for a row without media (a
 * closure, a map and an array of every object's values per row were ~9 % of what main
 * allocated during a mirror).
 */
export function mediaRefsOf(row: Readonly<Record<string, unknown>>): MediaRef[] {
  const found = mediaOfRow(row);
  return found ? [...found.values()] : [];
}

/** The media of many rows, each address once. */
export function mediaRefsOfRows(rows: readonly Readonly<Record<string, unknown>>[]): MediaRef[] {
  const all = new Map<string, MediaRef>();
  for (const row of rows) {
    const found = mediaOfRow(row);
    if (found) for (const [url, ref] of found) if (!all.has(url)) all.set(url, ref);
  }
  return [...all.values()];
}
