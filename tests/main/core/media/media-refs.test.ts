import { describe, expect, it } from 'vitest';
import { mediaRefsOf, mediaRefsOfRows } from '../../../../src-main/core/media/media-refs.js';

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
