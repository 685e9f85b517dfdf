import { z } from 'zod';

/**
 * What the user may tune about syncing (the `settings.get` / `settings.set` commands).
 * Main keeps them in its own settings file and applies them at once.
 */
export const syncSettingsSchema = z.object({
  /** Minutes between delta passes of a list (changes only). */
  deltaIntervalMinutes: z.number().min(1).max(24 * 60),
  /** Minutes between full passes of a list (which also notice deleted rows). */
  fullIntervalMinutes: z.number().min(5).max(30 * 24 * 60),
  /** Client-side request budget per minute; null for none. */
  requestBudgetPerMinute: z.number().int().min(1).max(100_000).nullable(),
  /** Lists synced at the same time. */
  parallelScopes: z.number().int().min(1).max(16),
  /** Pages fetched ahead of the one being written. */
  prefetchPages: z.number().int().min(1).max(8),
  /** The prefix of the tenant's scope names (`svc.api`). */
  scopePrefix: z.string().min(1).max(100),
  /** Pauses the schedule; "Sync now" still works. */
  paused: z.boolean(),
  /**
   * Megabytes the media kept for offline use may take (pinned ones count but are never
   * evicted); 0 keeps only pinned media. Fractions are allowed.
   */
  mediaBudgetMB: z.number().min(0).max(1_000_000),
});

export type SyncSettings = z.infer<typeof syncSettingsSchema>;

/** A change of some settings. */
export const syncSettingsPatchSchema = syncSettingsSchema.partial().strict();
export type SyncSettingsPatch = z.infer<typeof syncSettingsPatchSchema>;
