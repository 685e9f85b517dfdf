/**
 * The IPC channel between main and the preload: the bridge's wire messages, both
 * directions. A plain constant: the preload bundles it and nothing else of ours.
 */
export const IPC_CHANNELS = {
  wire: 'outpost:wire',
} as const;
