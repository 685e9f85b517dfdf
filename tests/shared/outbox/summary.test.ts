import { describe, expect, it } from 'vitest';
import { summarize, type OutboxEntry } from '../../../src-shared/outbox/index.js';

const entry = (state: OutboxEntry['state']) => ({ state }) as OutboxEntry;

describe('the outbox summary', () => {
  it('counts unsent edits and, of those, the refused, the conflicting and the uncertain apart', () => {
    const states: OutboxEntry['state'][] = ['queued', 'sending', 'needs-attention', 'conflict', 'conflict', 'uncertain', 'sent', 'discarded'];
    expect(summarize(states.map(entry))).toEqual({ count: 6, needsAttention: 3, conflict: 2, uncertain: 1 });
  });

  it('says nothing waits when everything was sent or discarded', () => {
    expect(summarize([entry('sent'), entry('discarded')])).toEqual({ count: 0, needsAttention: 0, conflict: 0, uncertain: 0 });
  });
});
