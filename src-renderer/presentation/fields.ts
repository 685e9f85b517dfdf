import type { z } from 'zod';
import { guid, resources, type EndpointDef, type QueryParam, type ResourceName } from '../../src-shared/api/index.js';

/** How a field is shown: derived from the resource schema and the catalogue. */
export type FieldKind =
  | 'guid'
  | 'text'
  | 'number'
  | 'boolean'
  | 'datetime'
  | 'color'
  | 'link'
  /** A real download address outside a media object (a post's featureMediaDownloadUrl). */
  | 'download'
  | 'media'
  | 'mediaList'
  | 'locales'
  | 'list'
  | 'object';

export interface FieldDef {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  /** The F/S flags of the list endpoint, when the field is a query parameter. */
  readonly query: QueryParam | null;
}

interface ZodDefLike {
  readonly type: string;
  readonly innerType?: { _zod: { def: ZodDefLike } };
  readonly in?: { _zod: { def: ZodDefLike } };
  readonly element?: { _zod: { def: ZodDefLike } };
  readonly shape?: Record<string, unknown>;
}

function defOf(schema: unknown): ZodDefLike {
  return (schema as { _zod: { def: ZodDefLike } })._zod.def;
}

/** Strips optional, nullable and transforms down to the value's own schema. */
function unwrap(def: ZodDefLike): ZodDefLike {
  let current = def;
  for (;;) {
    if ((current.type === 'optional' || current.type === 'nullable') && current.innerType) current = current.innerType._zod.def;
    else if (current.type === 'pipe' && current.in) current = current.in._zod.def;
    else return current;
  }
}

function shapeOf(def: ZodDefLike): Record<string, unknown> | null {
  return def.type === 'object' && def.shape ? def.shape : null;
}

const isMediaShape = (shape: Record<string, unknown> | null) => shape !== null && 'downloadUrl' in shape && 'id' in shape;

const LABELS: Readonly<Record<string, string>> = {
  creationDateTime: 'Created',
  lastModifiedDateTime: 'Modified',
  id: 'Id',
};

/** `pushNotificationsEnabled` → `Push notifications enabled`. */
export function labelOf(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOfString(name: string, query: QueryParam | null, def: ZodDefLike): FieldKind {
  if (query?.type === 'datetime' || query?.type === 'datetimeoffset') return 'datetime';
  // A guid is what the document types as one, not any name ending in Id (customId and externalId are text).
  if (query?.type === 'guid' || def === defOf(guid)) return 'guid';
  if (/(DateTime|Date)$/.test(name) || name === 'availableFrom' || name === 'availableUntil') return 'datetime';
  if (name === 'color') return 'color';
  return 'text';
}

/** The display kind of one field of a schema. */
export function kindOf(name: string, schema: unknown, query: QueryParam | null): FieldKind {
  if (/DownloadUrl$/.test(name)) return 'download';
  if (name === 'url' || /Url$/.test(name)) return 'link';
  const def = unwrap(defOf(schema));
  switch (def.type) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
    case 'enum':
      return kindOfString(name, query, def);
    case 'array': {
      if (name === 'locales' || name === 'locale') return 'locales';
      const element = def.element ? unwrap(def.element._zod.def) : null;
      return element && isMediaShape(shapeOf(element)) ? 'mediaList' : 'list';
    }
    case 'object':
      return isMediaShape(shapeOf(def)) ? 'media' : 'object';
    default:
      return 'object';
  }
}

/** Every documented field of an endpoint's resource, in the document's order. */
export function fieldsOf(endpoint: EndpointDef): FieldDef[] {
  return fieldsOfResource(endpoint.resource, endpoint.query);
}

export function fieldsOfResource(resource: ResourceName, query: Readonly<Record<string, QueryParam>> = {}): FieldDef[] {
  const shape = (resources[resource] as unknown as z.ZodObject).shape as Record<string, unknown>;
  return Object.entries(shape).map(([name, schema]) => {
    const param = query[name] ?? null;
    return { name, label: labelOf(name), kind: kindOf(name, schema, param), query: param };
  });
}

const SCALAR_KINDS: ReadonlySet<FieldKind> = new Set(['guid', 'text', 'number', 'boolean', 'datetime', 'color']);

export const isScalarKind = (kind: FieldKind) => SCALAR_KINDS.has(kind);

/** The text fields of a resource's locale entries (`culture` excluded). */
export function localeFieldsOf(resource: ResourceName): string[] {
  const shape = (resources[resource] as unknown as z.ZodObject).shape as Record<string, unknown>;
  const locales = shape.locales ?? shape.locale;
  if (!locales) return [];
  const array = unwrap(defOf(locales));
  const element = array.element ? shapeOf(unwrap(array.element._zod.def)) : null;
  return element ? Object.keys(element).filter((k) => k !== 'culture') : [];
}
