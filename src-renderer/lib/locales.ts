/** A locale entry of any resource: a culture plus text fields. */
export type LocaleEntry = Readonly<Record<string, unknown>> & { readonly culture?: string | null };

export function localesOf(row: Readonly<Record<string, unknown>>): LocaleEntry[] {
  const locales = row.locales ?? row.locale;
  return Array.isArray(locales) ? (locales.filter((l) => l && typeof l === 'object') as LocaleEntry[]) : [];
}

/** The cultures a row has text in, in its own order. */
export function culturesOf(locales: readonly LocaleEntry[]): string[] {
  return [...new Set(locales.map((l) => l.culture).filter((c): c is string => typeof c === 'string' && c.length > 0))];
}

/**
 * The entry for a culture: the exact culture, else one of the same language, else
 * the first entry. Null when there are none.
 */
export function pickLocale(locales: readonly LocaleEntry[], culture: string | null): LocaleEntry | null {
  if (locales.length === 0) return null;
  if (culture) {
    const exact = locales.find((l) => l.culture === culture);
    if (exact) return exact;
    const language = culture.split('-')[0];
    const sameLanguage = locales.find((l) => typeof l.culture === 'string' && l.culture.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return locales[0] ?? null;
}

/** A localised text field of a row, in the preferred culture. */
export function localeText(row: Readonly<Record<string, unknown>>, field: string, culture: string | null): string | null {
  const entry = pickLocale(localesOf(row), culture);
  const value = entry?.[field];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
