import type { FieldError } from '../../../src-shared/outbox/index.js';

/** `Name` / `$.locales[0].Title` → `name` / `locales[0].title`, the editor's field names. */
function fieldName(key: string): string {
  return key
    .replace(/^\$\.?/, '')
    .split('.')
    .map((part) => (part ? part[0]!.toLowerCase() + part.slice(1) : part))
    .join('.');
}

/**
 * Field-level problems from an error body: ProblemDetails `errors` as an object of
 * message arrays (`{"errors": {"Name": ["…"]}}`) or as a list of `{field|path, message}`.
 * Empty when the body names no field.
 */
export function problemFields(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as { errors?: unknown }).errors;
  const fields: FieldError[] = [];
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (!item || typeof item !== 'object') continue;
      const { field, path, message } = item as Record<string, unknown>;
      const key = typeof field === 'string' ? field : typeof path === 'string' ? path : '';
      if (typeof message === 'string') fields.push({ path: fieldName(key), message });
    }
  } else if (errors && typeof errors === 'object') {
    for (const [key, messages] of Object.entries(errors as Record<string, unknown>)) {
      const list = Array.isArray(messages) ? messages : [messages];
      for (const message of list) if (typeof message === 'string') fields.push({ path: fieldName(key), message });
    }
  }
  return fields;
}
