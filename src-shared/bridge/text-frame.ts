import type { WireMessage } from './wire.js';

/**
 * Wire messages as WebSocket text frames (the harness's transport): a message is its
 * JSON, except a page whose rows come as their text (page-rows.ts). That text would be
 * escaped inside the message's JSON and read back character by character, as costly at
 * both ends as the rows themselves; it follows the message's JSON instead, after a line
 * feed (JSON.stringify never writes a raw one), as the rest of the frame. Electron's IPC
 * needs none of this: its structured clone copies a string as it is.
 */

interface TextPage {
  readonly rows: { readonly json: string | null; readonly count: number };
}

/** The page command of a store request for `applyPage` whose rows came as text, else null. */
function textPage(message: WireMessage): TextPage | null {
  if (message.t !== 'store' || message.method !== 'applyPage') return null;
  const rows = (message.args[0] as { rows?: unknown } | undefined)?.rows as { json?: unknown; count?: unknown } | undefined;
  return rows && !Array.isArray(rows) && typeof rows.count === 'number' && (typeof rows.json === 'string' || rows.json === null) ? (message.args[0] as TextPage) : null;
}

export function encodeTextFrame(message: WireMessage): string {
  const page = textPage(message);
  if (!page || page.rows.json === null) return JSON.stringify(message);
  const { args } = message as Extract<WireMessage, { t: 'store' }>;
  const header = { ...message, args: [{ ...page, rows: { ...page.rows, json: null } }, ...args.slice(1)] };
  return `${JSON.stringify(header)}\n${page.rows.json}`;
}

/** @throws SyntaxError when the frame is not a message as {@link encodeTextFrame} writes them. */
export function decodeTextFrame(frame: string): WireMessage {
  const end = frame.indexOf('\n');
  if (end < 0) return JSON.parse(frame) as WireMessage;
  const message = JSON.parse(frame.slice(0, end)) as WireMessage;
  const page = textPage(message);
  if (!page || page.rows.json !== null) throw new SyntaxError('a frame with text after its message, for a message that holds none');
  (page.rows as { json: string }).json = frame.slice(end + 1);
  return message;
}
