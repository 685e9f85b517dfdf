import { z } from 'zod';
import type { Result } from './contract.js';

/**
 * Main's check of what arrives from the renderer, which is untrusted: the envelope of
 * each message, and separately the result inside a store reply, so a reply with a
 * good id and a bad body fails its request instead of leaving it waiting.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const envelope = z.discriminatedUnion('t', [
  z.object({ t: z.literal('call'), id, name: z.string().max(200), arg: z.unknown() }),
  z.object({ t: z.literal('stored'), id, result: z.unknown() }),
  z.object({ t: z.literal('serving'), serving: z.boolean() }),
]);

const result = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string(), name: z.string().optional() }) }),
]);

/** A renderer message whose envelope is sound; a store reply's result is still unchecked. */
export type RendererMessage = z.infer<typeof envelope>;

/** The message, or null when it is not one of ours (ignored: nothing can be matched to it). */
export function readRendererMessage(raw: unknown): RendererMessage | null {
  const parsed = envelope.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A store reply's result, or null when it has the wrong shape. Long error texts are cut, never refused. */
export function readStoreResult(raw: unknown): Result<unknown> | null {
  const parsed = result.safeParse(raw);
  if (!parsed.success) return null;
  if (parsed.data.ok) return { ok: true, data: parsed.data.data };
  const { code, message, name } = parsed.data.error;
  return { ok: false, error: { code: code.slice(0, 200), message: message.slice(0, 4_000), ...(name ? { name: name.slice(0, 200) } : {}) } };
}
