import { describe, expect, it } from 'vitest';
import { useMediaStore } from '../../../src-renderer/stores/media-store.js';
import { eventually, fakeBridge, storeContext } from '../helpers/renderer-context.js';

const A = 'https://media.example/a.png';
const B = 'https://media.example/b.png';
const status = (url: string, state: string) => ({ url, state, reason: null, pinned: false, key: null, size: null, contentType: null });

describe('the media store', () => {
  it('asks main to fetch what a view shows, batched in one call', async () => {
    const fake = fakeBridge({ 'media.status': [status(A, 'queued'), status(B, 'queued')] });
    const media = useMediaStore(storeContext(undefined, fake.bridge).pinia);
    media.ask(A);
    media.ask(B);
    await eventually(() => expect(fake.calls.filter((c) => c.name === 'media.status')).toHaveLength(1));
    expect(fake.calls[0]?.arg).toEqual({ urls: [A, B], want: true });
  });

  it('only refreshes, without fetching back, what main says changed (an evicted copy stays evicted)', async () => {
    const fake = fakeBridge({ 'media.status': [status(A, 'stored')] });
    const media = useMediaStore(storeContext(undefined, fake.bridge).pinia);
    media.ask(A);
    await eventually(() => expect(media.statuses.get(A)?.state).toBe('stored'));
    fake.emit('media.changed', { urls: [A] });
    await eventually(() => expect(fake.calls.filter((c) => c.name === 'media.status')).toHaveLength(2));
    expect(fake.calls.filter((c) => c.name === 'media.status')[1]?.arg).toEqual({ urls: [A], want: false });
  });
});
