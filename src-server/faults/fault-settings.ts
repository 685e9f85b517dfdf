import { z } from 'zod';

/** Faults the server can inject into API responses; all off by default. */
export interface FaultSettings {
  /** Added before every API response, in milliseconds. */
  latencyMs: number;
  /** Share (0–1) of API requests answered 500 or 503 before they are handled. */
  errorRate: number;
  /** The next n API requests are answered 429 (counts down to 0). */
  throttleBurst: number;
  /** Retry-After of injected 429 and 503 answers, in seconds. */
  retryAfterSeconds: number;
  /** Share of API responses whose connection is reset in the middle of the body (after the request was handled). */
  resetRate: number;
  /** Share of API responses whose JSON body is cut short (a complete HTTP response, invalid JSON). */
  truncateRate: number;
  /** Share of list rows replaced by rows that violate the resource schema. */
  badRowRate: number;
  /** Every cursor presented is treated as expired. */
  expireCursors: boolean;
  /** All tokens are revoked after this many more API requests; null for never. */
  revokeTokensAfter: number | null;
}

export const DEFAULT_FAULTS: FaultSettings = Object.freeze({
  latencyMs: 0,
  errorRate: 0,
  throttleBurst: 0,
  retryAfterSeconds: 1,
  resetRate: 0,
  truncateRate: 0,
  badRowRate: 0,
  expireCursors: false,
  revokeTokensAfter: null,
});

const share = z.number().min(0).max(1);

/** A partial update of the fault settings, as `POST /demo/faults` accepts it. */
export const faultPatch = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: share.optional(),
  throttleBurst: z.number().int().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  resetRate: share.optional(),
  truncateRate: share.optional(),
  badRowRate: share.optional(),
  expireCursors: z.boolean().optional(),
  revokeTokensAfter: z.number().int().min(0).nullable().optional(),
});
