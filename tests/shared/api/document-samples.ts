import type { z } from 'zod';
import { documentedMedia, type DocField, type DocObject, type DocType } from './document-resources.js';

/**
 * Builds rows from the transcribed document tables and walks them field by field, so
 * the resource tests can say "every documented field" without listing them again.
 */

export type Path = readonly (string | number)[];

export interface FieldSite {
  readonly path: Path;
  /** A scalar type, or `object` / `array` for nested structures. */
  readonly type: DocType | 'object' | 'array';
  /** The document says this field comes as null when unset. */
  readonly nullable: boolean;
}

const SAMPLE: Readonly<Record<Exclude<DocType, 'media' | 'dictionary'>, unknown>> = {
  guid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  string: 'text',
  integer: 7,
  double: 2.5,
  boolean: true,
  datetimeoffset: '2024-05-01T10:00:00.1234567+00:00',
  datetime: '2024-05-01T10:00:00Z',
  localdatetime: '2024-05-01T10:00:00',
  color: '#1a2b3c',
  permissionSettingType: 'DepartmentsOrUserGroups',
};

/** Values of each type that the document's type rules out. */
export const WRONG: Readonly<Record<DocType | 'object' | 'array', readonly unknown[]>> = {
  guid: ['not-a-guid', 42, '3f2504e0-4f89-41d3-9a0c-0305e82c330'],
  string: [42, true, {}],
  integer: [1.5, '7', false],
  double: ['2.5', true],
  boolean: ['true', 1],
  datetimeoffset: ['yesterday', '2024-05-01T10:00:00', '2024-13-01T10:00:00Z', 1714557600],
  datetime: ['yesterday', '2024-02-30T10:00:00Z', '01/05/2024 10:00'],
  localdatetime: ['tomorrow', '2024-05-01 10:00:00', 5],
  color: ['red', 255],
  permissionSettingType: [3, true],
  media: ['text', 5, []],
  dictionary: ['text', 5, ['a']],
  object: ['text', 5, []],
  array: ['text', 5, {}],
};

function parseType(field: string): { type: DocType; marked: boolean } {
  const marked = field.endsWith('?');
  return { type: (marked ? field.slice(0, -1) : field) as DocType, marked };
}

let counter = 0;
/** A guid that differs each call, so rows do not share ids by accident. */
function nextGuid(): string {
  counter += 1;
  return `3f2504e0-4f89-41d3-9a0c-${String(counter).padStart(12, '0')}`;
}

/** A valid value for a documented field: every nested field filled in. */
export function sampleOf(field: DocField): unknown {
  if (Array.isArray(field)) return [sampleOf(field[0]), sampleOf(field[0])];
  if (typeof field === 'object') return sampleRow(field as DocObject);
  const { type } = parseType(field as string);
  if (type === 'media') return sampleRow(documentedMedia);
  if (type === 'dictionary') return { EXT1: 'value', EXT2: '2024-01-31', EXT3: ['a', 'b'] };
  if (type === 'guid') return nextGuid();
  return SAMPLE[type];
}

export function sampleRow(resource: DocObject): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resource).map(([name, field]) => [name, sampleOf(field)]));
}

function nullableByConvention(name: string, field: DocField): boolean {
  return name === 'url' || name.endsWith('Url') || name === 'lastModifiedDateTime' || Array.isArray(field);
}

/** Every field of a resource, nested ones included (through the first array element). */
export function fieldSites(resource: DocObject, prefix: Path = []): FieldSite[] {
  return Object.entries(resource).flatMap(([name, field]) => siteOf(name, field, [...prefix, name]));
}

function siteOf(name: string, field: DocField, path: Path): FieldSite[] {
  const byConvention = nullableByConvention(name, field);
  if (Array.isArray(field)) {
    const element = field[0] as DocField;
    return [{ path, type: 'array', nullable: true }, ...elementSites(element, [...path, 0])];
  }
  if (typeof field === 'object') {
    return [{ path, type: 'object', nullable: byConvention }, ...fieldSites(field as DocObject, path)];
  }
  const { type, marked } = parseType(field as string);
  const site: FieldSite = { path, type, nullable: marked || byConvention };
  if (type === 'media') return [site, ...fieldSites(documentedMedia, path)];
  return [site];
}

function elementSites(element: DocField, path: Path): FieldSite[] {
  if (typeof element === 'string') {
    const { type } = parseType(element);
    if (type === 'media') return [{ path, type, nullable: false }, ...fieldSites(documentedMedia, path)];
    return [{ path, type, nullable: false }];
  }
  if (Array.isArray(element)) return elementSites(element[0] as DocField, [...path, 0]);
  return [{ path, type: 'object', nullable: false }, ...fieldSites(element as DocObject, path)];
}

/** The documented object structures of a resource, each with its field names. */
export function documentedObjects(resource: DocObject, prefix: Path = []): { path: Path; keys: string[] }[] {
  const here = { path: prefix, keys: Object.keys(resource) };
  return [
    here,
    ...Object.entries(resource).flatMap(([name, field]) => objectsOf(field, [...prefix, name])),
  ];
}

function objectsOf(field: DocField, path: Path): { path: Path; keys: string[] }[] {
  if (Array.isArray(field)) return objectsOf(field[0] as DocField, [...path, 0]);
  if (typeof field === 'object') return documentedObjects(field as DocObject, path);
  return parseType(field as string).type === 'media' ? documentedObjects(documentedMedia, path) : [];
}

/** Returns a deep copy of `row` with the value at `path` replaced. */
export function withValue(row: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(row) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((segment) => {
    node = node[segment] as Record<string | number, unknown>;
  });
  node[path[path.length - 1]!] = value;
  return copy;
}

type AnyDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: AnyDef } })._zod.def;

/** Strips optional, nullable and transform wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** The field names the schema declares for the object at `path` (numbers step into arrays). */
export function schemaKeysAt(schema: z.ZodType, path: Path): string[] {
  let current = unwrap(schema);
  for (const segment of path) {
    const def = defOf(current);
    if (typeof segment === 'number') {
      if (def.type !== 'array' || !def.element) throw new Error(`no array at ${path.join('.')}`);
      current = unwrap(def.element);
    } else {
      const next = def.shape?.[segment];
      if (!next) throw new Error(`no field ${segment} at ${path.join('.')}`);
      current = unwrap(next);
    }
  }
  const def = defOf(current);
  if (def.type !== 'object' || !def.shape) throw new Error(`no object at ${path.join('.')}`);
  return Object.keys(def.shape);
}
