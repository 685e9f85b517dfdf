// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { onAddressChange } from '../../../src-renderer/lib/address-changes.js';
import { createAppRouter } from '../../../src-renderer/router.js';

describe("the window's address changes", () => {
  it('are told before the app router’s history hears of them, until the listener stops', async () => {
    const router = createAppRouter();
    await router.push('/outbox');
    const seen: string[] = [];
    const stop = onAddressChange((path) => seen.push(`${path} while the history was at ${router.options.history.location}`));
    window.history.replaceState(null, '', '#/settings');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(seen).toEqual(['/settings while the history was at /outbox']);
    // The router heard of it after, and went there.
    expect(router.options.history.location).toBe('/settings');
    stop();
    window.history.replaceState(null, '', '#/outbox');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(seen).toHaveLength(1);
  });
});
