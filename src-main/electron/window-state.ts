import { z } from 'zod';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
/** How much of the window must be on a screen for the saved place to be used. */
const MIN_VISIBLE = { width: 120, height: 60 };

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Where the window opens: where it was last time if enough of it is still on one of
 * the screens (a monitor may have been unplugged since), otherwise the default size
 * centred on the primary screen, never larger than it.
 */
export function restoreWindowState(saved: WindowState | null, workAreas: readonly Rect[], primary: Rect): WindowState {
  if (saved) {
    const visible = workAreas.some((area) => {
      const o = overlap(saved, area);
      return o.width >= MIN_VISIBLE.width && o.height >= MIN_VISIBLE.height;
    });
    if (visible) return saved;
  }
  const width = Math.min(DEFAULT_WINDOW_SIZE.width, primary.width);
  const height = Math.min(DEFAULT_WINDOW_SIZE.height, primary.height);
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
    width,
    height,
    maximized: saved?.maximized ?? false,
  };
}

/** The state to save: the normal (unmaximized) bounds, so un-maximizing next time restores them. */
export function windowStateToSave(normalBounds: Rect, maximized: boolean): WindowState {
  return {
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.round(normalBounds.width),
    height: Math.round(normalBounds.height),
    maximized,
  };
}
