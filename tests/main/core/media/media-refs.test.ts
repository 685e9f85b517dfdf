import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markRowsWithoutMedia, mediaRefsOf, mediaRefsOfRows, textMayLinkMedia } from '../../../../src-main/core/media/media-refs.js';

const media = (id: string, url: string | null, type = 'image/png') => ({ id, downloadUrl: url, referenceUrl: url ? null : 'https://video.example/v', contentType: type, fileName: `${id}.png` });

describe('media references of rows', () => {
  it('finds post media and the feature image, user images, form icons and data-list media; not third-party references', () => {
    const post = { id: 'p', medias: [media('a', 'https://f.example/a.png'), media('v', null, 'text/html')], featureMediaId: 'a', featureMediaDownloadUrl: 'https://f.example/a.png' };
    expect(mediaRefsOf(post)).toEqual([{ url: 'https://f.example/a.png', contentType: 'image/png', fileName: 'a.png' }]);
    expect(mediaRefsOf({ id: 'u', image: media('u1', 'https://f.example/u.jpg', 'image/jpeg') })).toEqual([{ url: 'https://f.example/u.jpg', contentType: 'image/jpeg', fileName: 'u1.png' }]);
    expect(mediaRefsOf({ id: 'f', icon: media('i', 'https://f.example/i.png') }).map((r) => r.url)).toEqual(['https://f.example/i.png']);
    const item = { id: 'd', customFieldValues: [{ type: 'Media', medias: [media('m1', 'https://f.example/1.pdf', 'application/pdf'), media('m2', 'https://f.example/2.png')] }, { type: 'Text', value: 'x' }] };
    expect(mediaRefsOf(item).map((r) => [r.url, r.contentType])).toEqual([['https://f.example/1.pdf', 'application/pdf'], ['https://f.example/2.png', 'image/png']]);
  });

  it('takes a feature image with no media object as an image of some type', () => {
    expect(mediaRefsOf({ id: 'p', medias: [], featureMediaDownloadUrl: 'https://f.example/feature' })).toEqual([{ url: 'https://f.example/feature', contentType: 'image/*', fileName: null }]);
  });

  it('names each address once across rows, and bounds what one hostile row yields', () => {
    const shared = media('s', 'https://f.example/s.png');
    expect(mediaRefsOfRows([{ id: 1, image: shared }, { id: 2, image: shared }])).toHaveLength(1);
    const hostile = { id: 'h', medias: Array.from({ length: 5000 }, (_, i) => media(String(i), `https://f.example/${i}.png`)) };
    expect(mediaRefsOf(hostile)).toHaveLength(50);
  });
});

describe('pages whose text names no file', () => {
  it('says a page may link files when its text names a media field or escapes a character', () => {
    expect(textMayLinkMedia(JSON.stringify({ data: [{ id: 'u', image: media('u1', 'https://f.example/u.jpg') }] }))).toBe(true);
    expect(textMayLinkMedia(JSON.stringify({ data: [{ id: 'p', featureMediaDownloadUrl: 'https://f.example/f' }] }))).toBe(true);
    expect(textMayLinkMedia(JSON.stringify({ data: [{ courseLessonId: 'c', completionRate: 100, courseLessonParticipationState: 'Completed' }] }))).toBe(false);
    // A key spelled with escapes is still a media field once parsed: such a text is walked.
    const escaped = '{"data":[{"image":{"id":"i","download\\u0055rl":"https://f.example/e.png"}}]}';
    expect(mediaRefsOf((JSON.parse(escaped) as { data: Record<string, unknown>[] }).data[0]!)).toHaveLength(1);
    expect(textMayLinkMedia(escaped)).toBe(true);
  });

  it('never misses a file: a text it calls free of media parses to rows that link none', () => {
    const key = fc.constantFrom('id', 'image', 'medias', 'downloadUrl', 'featureMediaDownloadUrl', 'DownloadUrl', 'url', 'name', 'download\u0055rl');
    const leaf = fc.oneof(fc.string(), fc.constant('https://f.example/x.png'), fc.integer(), fc.constant(null));
    const row = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
      row: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    })).row;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
        const text = JSON.stringify({ count: rows.length, data: rows });
        const parsed = (JSON.parse(text) as { data: Record<string, unknown>[] }).data;
        if (!textMayLinkMedia(text)) expect(mediaRefsOfRows(parsed)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('skips rows marked as linking no file', () => {
    const rows: Record<string, unknown>[] = [{ id: 'a', image: media('a', 'https://f.example/a.png') }];
    expect(mediaRefsOfRows(rows)).toHaveLength(1);
    markRowsWithoutMedia(rows);
    expect(mediaRefsOfRows(rows)).toEqual([]);
    expect(mediaRefsOfRows([...rows])).toHaveLength(1);
  });
});
