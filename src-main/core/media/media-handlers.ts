import type { CommandHandlers } from '../../../src-shared/bridge/index.js';
import type { MediaCache } from './media-cache.js';

export type MediaHandlers = Pick<CommandHandlers, 'media.status' | 'media.pin' | 'media.usage' | 'media.userActive'>;

/** The `media.*` bridge commands over the workspace's media cache. */
export function createMediaHandlers(media: MediaCache): MediaHandlers {
  return {
    'media.status': ({ urls, want }) => media.status(urls, want ?? false),
    'media.pin': ({ url, pinned }) => media.pin(url, pinned),
    'media.usage': () => media.usage(),
    'media.userActive': () => {
      media.userActive();
      return { ok: true };
    },
  };
}
