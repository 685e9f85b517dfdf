import type { GuidCodec } from '../guid-codec.js';
import type { Random } from '../prng.js';
import type { Row } from '../row-generator.js';

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
    downloadUrl: `https://files.workplace.example/media/${id}/${file.name}.${file.ext}`,
    referenceUrl: null,
    contentType: file.contentType,
    fileName: `${file.name}-${random.range(1, 999)}.${file.ext}`,
  };
}

/** Zero to `max` media objects. */
export function mediaList(codec: GuidCodec, random: Random, max: number, emptyShare = 0.6): Row[] {
  if (random.chance(emptyShare)) return [];
  return Array.from({ length: random.range(1, max) }, () => mediaObject(codec, random));
}
