import { describe, expect, it } from 'vitest';
import { startMirrorWriter } from '../../../src-renderer/db/mirror-writer.js';
import { STORE_METHODS, type Bridge } from '../../../src-shared/bridge/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';

describe('the mirror writer', () => {
  it('serves every store method main may send, the outbox ones included', async () => {
    let served: Record<string, unknown> | null = null;
    const bridge = { serveStore: (store: object) => ((served = store as Record<string, unknown>), () => (served = null)) } as unknown as Bridge;
    const stop = startMirrorWriter(bridge, openFakeDatabase());
    for (const method of STORE_METHODS) expect(typeof served![method], method).toBe('function');
    expect(await (served!.getScopes as () => Promise<unknown[]>)()).toEqual([]);
    stop();
    expect(served).toBeNull();
  });
});
