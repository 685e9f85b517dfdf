// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import CommentThread from '../../../src-renderer/components/CommentThread.vue';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, seedRows } from '../helpers/renderer-context.js';

const MODULE = '00000000-0000-4000-8000-000000000001';
const POST = '00000000-0000-4000-8000-000000000002';
const id = (i: number) => `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`;

function comment(i: number, parent: number | null) {
  return { id: id(i), locales: [{ culture: 'en-GB', text: `Comment ${i}` }], parentCommentId: parent === null ? null : id(parent), creationDateTime: `2026-01-0${i}T10:00:00Z` };
}

describe('the comment thread', () => {
  it('puts replies under their comment and tells the page how many comments it shows', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E2', { moduleId: MODULE, contentId: POST }, [comment(1, null), comment(2, 1), comment(3, null)]);
    const wrapper = mount(CommentThread, { props: { scope }, global: renderingContext(db).global });
    // Before the comments are read, the thread does not say there are none.
    expect(wrapper.text()).toContain('Loading comments');
    expect(wrapper.text()).not.toContain('No comments');
    await eventually(() => expect((wrapper.vm as unknown as { count: number }).count).toBe(3));
    // The count and the comments are two reads: the thread shows once its own has answered.
    await eventually(() => expect(wrapper.text()).toContain('Comment 2'));
    const top = wrapper.findAll('ul[aria-label="Comments"] > li');
    expect(top).toHaveLength(2);
    expect(top[0]!.text()).toContain('Comment 2');
    wrapper.unmount();
  });

  it('says a post has no comments once it has read that there are none', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E2', { moduleId: MODULE, contentId: POST }, []);
    const wrapper = mount(CommentThread, { props: { scope }, global: renderingContext(db).global });
    await eventually(() => expect(wrapper.text()).toContain('No comments on this post yet.'));
    expect(wrapper.text()).not.toContain('Loading comments');
    wrapper.unmount();
  });
});

describe('a thread longer than it shows', () => {
  it('counts every comment and says it shows the first ones', async () => {
    const db = openFakeDatabase();
    const many = Array.from({ length: 5001 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, locales: [{ culture: 'en-GB', text: `Comment ${i}` }], parentCommentId: null, creationDateTime: '2026-01-01T10:00:00Z' }));
    const scope = await seedRows(db, 'E2', { moduleId: MODULE, contentId: POST }, many);
    const wrapper = mount(CommentThread, { props: { scope }, global: renderingContext(db).global });
    await eventually(() => expect((wrapper.vm as unknown as { count: number }).count).toBe(5001));
    await eventually(() => expect(wrapper.get('[data-testid="thread-capped"]').text()).toContain('The first 5,000 of 5,001 comments'));
    // The conversation is still there under the note.
    expect(wrapper.findAll('ul[aria-label="Comments"] > li')).toHaveLength(5000);
    wrapper.unmount();
  });
});

describe('a chain of replies deeper than the thread nests', () => {
  it('is shown to its last reply (drawn nested, it overflowed the stack and showed nothing)', async () => {
    const db = openFakeDatabase();
    const cid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const chain = Array.from({ length: 3000 }, (_, i) => ({ id: cid(i), locales: [{ culture: 'en-GB', text: `Reply ${i}` }], parentCommentId: i === 0 ? null : cid(i - 1), creationDateTime: `2026-01-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z` }));
    const scope = await seedRows(db, 'E2', { moduleId: MODULE, contentId: POST }, chain);
    const errors: unknown[] = [];
    const global = renderingContext(db).global;
    const wrapper = mount(CommentThread, { props: { scope }, global: { ...global, config: { errorHandler: (error: unknown) => void errors.push(error) } } });
    await eventually(() => expect(wrapper.text()).toContain('Reply 2999'), 20_000);
    expect(errors).toEqual([]);
    wrapper.unmount();
  }, 60_000);
});
