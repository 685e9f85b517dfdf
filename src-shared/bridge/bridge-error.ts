import type { BridgeError } from './contract.js';

/** Longer messages are cut: an error is for a person to read, not a payload. */
const MAX_MESSAGE = 4_000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The one converter from anything thrown to the plain `{ name, code, message }` that
 * crosses the bridge. It reads fields rather than testing `instanceof Error`: errors
 * from another realm (the page's Dexie seen from the preload, a `vm` context) and
 * errors already flattened by a copy are plain objects there, and used to arrive as
 * "[object Object]". `code` is the error's own string code, else its name.
 */
export function toBridgeError(error: unknown): BridgeError {
  if (typeof error === 'object' && error !== null) {
    const fields = error as { name?: unknown; code?: unknown; message?: unknown };
    const name = text(fields.name) ?? 'Error';
    const message = text(fields.message) ?? name;
    return { name, code: text(fields.code) ?? name, message: message.slice(0, MAX_MESSAGE) };
  }
  return { name: 'Error', code: 'Error', message: String(error).slice(0, MAX_MESSAGE) };
}
