import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('the renderer’s zod', () => {
  it('runs jitless once its entry has loaded, so zod never probes eval (a CSP report on every load)', async () => {
    z.config({ jitless: false });
    // A classic script copied as it is (public/), loaded here for its one effect.
    const script: string = '../../../src-renderer/public/zod-jitless.js';
    await import(script);
    expect(z.config().jitless).toBe(true);
  });
});
