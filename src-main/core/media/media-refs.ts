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

/**
 * The media a row links to: every media object with a `downloadUrl` (post and comment
 * media, user images, form icons, data-list media, subtask media), and a post's
 * `featureMediaDownloadUrl` (an image; its type from the media object with that id or
 * address when the row has one). Third-party references (`referenceUrl`) are links,
 * not files, and are not kept. Addresses are not judged here (see `media-policy.ts`).
 */
export function mediaRefsOf(row: Readonly<Record<string, unknown>>): MediaRef[] {
  const found = new Map<string, MediaRef>();
  const walk = (value: unknown, depth: number): void => {
    if (found.size >= MAX_PER_ROW || depth > MAX_DEPTH || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const object = value as Record<string, unknown>;
    const url = text(object['downloadUrl']);
    if (url && 'id' in object) {
      if (!found.has(url)) found.set(url, { url, contentType: text(object['contentType']), fileName: text(object['fileName']) });
      return;
    }
    for (const child of Object.values(object)) walk(child, depth + 1);
  };
  walk(row, 0);
  const feature = text(row['featureMediaDownloadUrl']);
  if (feature && !found.has(feature) && found.size < MAX_PER_ROW) {
    found.set(feature, { url: feature, contentType: 'image/*', fileName: null });
  }
  return [...found.values()];
}

/** The media of many rows, each address once. */
export function mediaRefsOfRows(rows: readonly Readonly<Record<string, unknown>>[]): MediaRef[] {
  const all = new Map<string, MediaRef>();
  for (const row of rows) for (const ref of mediaRefsOf(row)) if (!all.has(ref.url)) all.set(ref.url, ref);
  return [...all.values()];
}
