/** What the user is told when the app's page does not load. */
export interface LoadFailure {
  readonly title: string;
  readonly detail: string;
}

/**
 * Decides whether a rejected `loadURL` is worth telling the user. `ERR_ABORTED` (-3)
 * means another navigation replaced this one (a redirect, a reload): the window is
 * fine. Anything else leaves an empty window, so it is shown.
 */
export function loadFailure(error: unknown, url: string): LoadFailure | null {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; errno?: unknown; message?: unknown };
  if (fields.code === 'ERR_ABORTED' || fields.errno === -3) return null;
  const message = typeof fields.message === 'string' && fields.message ? fields.message : String(error);
  return {
    title: 'Outpost could not load its window',
    detail: `${message}\\n\\n${url}\\n\\nReinstalling Outpost usually fixes this; the local cache and the queued edits are kept.`,
  };
}
