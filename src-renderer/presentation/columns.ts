import type { EndpointDef } from '../../src-shared/api/index.js';
import { fieldsOf, isScalarKind, labelOf, localeFieldsOf, type FieldDef, type FieldKind } from './fields.js';

/** A column of the generic table. `title` is derived from the row's locales. */
export interface ColumnDef {
  readonly field: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly sortable: boolean;
  readonly filterable: boolean;
  /** Relative width (fr units). */
  readonly width: number;
}

const WIDTH: Partial<Record<FieldKind, number>> = { guid: 1.6, boolean: 0.8, number: 0.8, datetime: 1.4, color: 0.9, text: 2 };

/** Localised text fields that can stand for a row, in order of preference. */
export const LOCALE_TITLE_FIELDS = ['title', 'channelName', 'text'] as const;

/** The locale text field that titles a row of this endpoint, if its locales have one. */
export function localeTitleField(endpoint: EndpointDef): string | null {
  const present = localeFieldsOf(endpoint.resource);
  return LOCALE_TITLE_FIELDS.find((f) => present.includes(f)) ?? null;
}

function rank(field: FieldDef): number {
  if (field.name === 'name') return 0;
  if (field.name === 'id') return 90;
  if (field.query?.sort) return 10;
  if (field.query?.filter) return 20;
  return 30;
}

/**
 * The table's columns for an endpoint: every scalar field of its schema (links are
 * null in practice and left out), name first, sortable and filterable fields next,
 * ids last, with a derived Title column when the rows carry localised titles.
 */
export function columnsOf(endpoint: EndpointDef): ColumnDef[] {
  const fields = fieldsOf(endpoint);
  const scalar = fields
    .filter((f) => isScalarKind(f.kind))
    .map((f, index) => ({ f, index }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.index - b.index)
    .map(({ f }) => ({
      field: f.name,
      label: f.label,
      kind: f.kind,
      sortable: f.query?.sort ?? false,
      filterable: f.query?.filter ?? false,
      width: WIDTH[f.kind] ?? 1,
    }));
  const titleField = localeTitleField(endpoint);
  if (titleField) {
    const at = scalar[0]?.field === 'name' ? 1 : 0;
    scalar.splice(at, 0, { field: '$title', label: labelOf(titleField), kind: 'text', sortable: false, filterable: false, width: 2.4 });
  }
  return scalar;
}
