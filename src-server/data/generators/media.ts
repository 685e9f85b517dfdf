import type { GuidCodec } from '../guid-codec.js';
import type { Random } from '../prng.js';
import type { Row } from '../row-generator.js';

/**
 * The host generated `downloadUrl`s carry. The data does not know where it will be
 * served, so the server's answers point this host at its own `/files` route.
 */
export const MEDIA_PLACEHOLDER_ORIGIN = 'https://files.workplace.example';

const FILES = [
  { contentType: 'image/jpeg', name: 'photo', ext: 'jpg' },
  { contentType: 'image/png', name: 'diagram', ext: 'png' },
  { contentType: 'application/pdf', name: 'handbook', ext: 'pdf' },
  { contentType: 'video/mp4', name: 'walkthrough', ext: 'mp4' },
] as const;

/**
 * A media object. Third-party references (videos hosted elsewhere) carry
 * `referenceUrl`, the rest `downloadUrl`, as the document's media rule says.
 */
export function mediaObject(codec: GuidCodec, random: Random): Row {
  const id = codec.encode(random.int(1_000_000));
  if (random.chance(0.12)) {
    return {
      id,
      downloadUrl: null,
      referenceUrl: `https://video.example.com/watch?v=${id.slice(0, 8)}`,
      contentType: 'text/html',
      fileName: `${id.slice(0, 8)}.html`,
    };
  }
  const file = random.pick(FILES);
  return {
    id,
    downloadUrl: `${MEDIA_PLACEHOLDER_ORIGIN}/media/${id}/${file.name}.${file.ext}`,
    referenceUrl: null,
    contentType: file.contentType,
    fileName: `${file.name}-${random.range(1, 999)}.${file.ext}`,
  };
}

/** An image media object with a download link (a post's feature image). */
export function imageMedia(codec: GuidCodec, random: Random): Row {
  const id = codec.encode(random.int(1_000_000));
  return {
    id,
    downloadUrl: `${MEDIA_PLACEHOLDER_ORIGIN}/media/${id}/photo.jpg`,
    referenceUrl: null,
    contentType: 'image/jpeg',
    fileName: `photo-${random.range(1, 999)}.jpg`,
  };
}

/**
 * A post's feature media: its first image with a download link, or null. Its id and
 * download link are the post's featureMediaId and featureMediaDownloadUrl.
 */
export function featureOf(medias: readonly Row[]): { id: string; downloadUrl: string } | null {
  const image = medias.find((m) => typeof m['downloadUrl'] === 'string' && String(m['contentType']).startsWith('image/'));
  return image ? { id: String(image['id']), downloadUrl: String(image['downloadUrl']) } : null;
}

/** Zero to `max` media objects. */
export function mediaList(codec: GuidCodec, random: Random, max: number, emptyShare = 0.6): Row[] {
  if (random.chance(emptyShare)) return [];
  return Array.from({ length: random.range(1, max) }, () => mediaObject(codec, random));
}
