/** A field's label for a patch path or a resource field (`/customFields/shoe` → `Custom field shoe`). */
export function pathLabel(path: string): string {
  if (path.startsWith('/customFields/')) return `Custom field ${path.slice('/customFields/'.length)}`;
  const name = path.replace(/^\//, '').replace(/Id$/, '').replace(/Ids$/, 's');
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A compared value in words, one line per item: locales as `culture: title — text`,
 * permissions as their ids, nothing as "(empty)", a value the copy did not have as "(not known)".
 */
export function differenceText(value: unknown): string {
  if (value === undefined) return '(not known)';
  if (value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value
      .map((item) => {
        if (item && typeof item === 'object' && 'culture' in item) {
          const l = item as Record<string, unknown>;
          return `${String(l.culture ?? '?')}: ${String(l.title ?? '')} — ${String(l.bodyText ?? '')}`;
        }
        return differenceText(item);
      })
      .join('\n');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${differenceText(v)}`)
    .join('\n');
}
