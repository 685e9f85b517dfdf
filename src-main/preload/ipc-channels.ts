/**
 * The IPC channels between main and the preload, besides one `invoke` channel per
 * command (named by the command itself). Plain constants: the preload bundles them.
 */
export const IPC_CHANNELS = {
  /** main → renderer: `(name, data)` of a bridge event. */
  event: 'outpost:event',
  /** main → renderer: `(id, method, args)`, a store request for the renderer's mirror writer. */
  storeRequest: 'outpost:store-request',
  /** renderer → main: `(id, result)`, the answer to a store request. */
  storeReply: 'outpost:store-reply',
  /** renderer → main: `(serving)`, the renderer started or stopped serving the store. */
  storeServing: 'outpost:store-serving',
} as const;
