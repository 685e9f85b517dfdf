/** A media object the workspace references somewhere, as a picker offers it. */
export interface MediaOption {
  readonly id: string;
  readonly label: string;
  readonly contentType: string | null;
  /** An http(s) address to show a thumbnail from; null for non-images or unsafe addresses. */
  readonly thumbnail: string | null;
  /** How many mirrored rows reference it. */
  uses: number;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function thumbnailOf(media: Record<string, unknown>): string | null {
  const url = str(media.downloadUrl);
  if (!url || !(str(media.contentType) ?? '').startsWith('image/')) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Every media object in a row, wherever the resource keeps them (`medias`, `image`, custom field values' `medias`). */
export function mediaOfRow(row: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown, key: string, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, depth + 1);
      return;
    }
    const object = value as Record<string, unknown>;
    if ((key === 'medias' || key === 'image' || key === 'icon') && typeof object.id === 'string') found.push(object);
    for (const [k, v] of Object.entries(object)) visit(v, k, depth + 1);
  };
  visit(row, '', 0);
  return found;
}

/** Folds media objects into options by id, counting uses; the first label and thumbnail found win. */
export function addMediaOptions(options: Map<string, MediaOption>, media: readonly Record<string, unknown>[]): void {
  for (const m of media) {
    const id = str(m.id);
    if (!id) continue;
    const known = options.get(id);
    if (known) {
      known.uses += 1;
      continue;
    }
    options.set(id, {
      id,
      label: str(m.fileName) ?? str(m.referenceUrl) ?? id,
      contentType: str(m.contentType),
      thumbnail: thumbnailOf(m),
      uses: 1,
    });
  }
}
