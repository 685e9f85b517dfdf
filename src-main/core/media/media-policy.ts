/**
 * What main agrees to fetch, keep and serve as media. Every rule is a pure function
 * with a table test (`tests/main/core/media/media-policy.test.ts`).
 */

export interface MediaLimits {
  /** Bytes of one file: past this a download is cancelled and the media refused. */
  readonly fileBytes: number;
  /** Addresses kept in the index (stored, queued, refused…): a hostile workspace cannot grow it without bound. */
  readonly indexEntries: number;
}

export const MEDIA_LIMITS: MediaLimits = Object.freeze({
  // Photos and handbooks are a few MB; a 50 MB "image" is a video or an attack.
  fileBytes: 50 * 1024 * 1024,
  indexEntries: 20_000,
});

const MAX_URL_LENGTH = 8192;

/**
 * Why an address may not be fetched, or null when it may: http or https only, with a
 * host and without credentials, no longer than browsers accept.
 */
export function urlRefusal(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return 'the address is longer than 8 KiB';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the address is not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `only http and https addresses are fetched, not ${parsed.protocol}`;
  if (!parsed.hostname) return 'the address has no host';
  if (parsed.username !== '' || parsed.password !== '') return 'the address carries credentials';
  return null;
}

/**
 * Whether a request to `url` may carry the workspace's token: only on the API's own
 * origin (scheme, host and port). A media host, a CDN, another tenant never sees it.
 */
export function mayCarryToken(url: string, apiBaseUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(apiBaseUrl).origin;
  } catch {
    return false;
  }
}

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/rtf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/** A type's essence: lowercased, parameters dropped, known aliases resolved (`image/jpg` → `image/jpeg`). */
export function mediaTypeOf(header: string | null | undefined): string | null {
  const essence = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+*-]+$/.test(essence)) return null;
  return ALIASES[essence] ?? essence;
}

/**
 * Whether media of this type is kept: any image (SVG too: local copies are served so
 * that no script in them can run, see `localMediaHeaders`) and common documents.
 * Video, audio, HTML, executables and archives are not.
 */
export function isAllowedType(type: string | null): boolean {
  if (type === null) return false;
  if (type.startsWith('image/')) return type !== 'image/*';
  return DOCUMENT_TYPES.has(type);
}

/** The first bytes of types whose files say what they are: a file that says otherwise is refused. */
const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  'image/webp': (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  'application/pdf': (b) => String.fromCharCode(...b.slice(0, 5)) === '%PDF-',
};

/** The type these first bytes prove, among those with a signature, or null. */
export function sniffType(head: Uint8Array): string | null {
  for (const [type, matches] of Object.entries(SIGNATURES)) if (matches(head)) return type;
  return null;
}

/**
 * The type a downloaded file is kept as, or why it is refused. The answer's type must
 * be allowed and agree with the media object's (`image/*` or none: any allowed type of
 * that kind); a generic `application/octet-stream` is taken as the declared type only
 * when the file's first bytes prove it; a file whose first bytes contradict its type
 * (an HTML page called a PNG) is refused.
 * @param declared the media object's type, from the row
 * @param answered the response's `content-type`
 * @param head the file's first bytes (at least 12 when the file has them)
 */
export function acceptedType(declared: string | null, answered: string | null, head: Uint8Array): { readonly type: string } | { readonly refused: string } {
  const want = mediaTypeOf(declared);
  let got = mediaTypeOf(answered);
  if (got === 'application/octet-stream' || got === null) {
    const sniffed = sniffType(head);
    if (sniffed && (want === null || want === sniffed || (want === 'image/*' && sniffed.startsWith('image/')))) got = sniffed;
  }
  if (!isAllowedType(got)) return { refused: `the server sent ${got ?? 'no type'}, which is not kept offline` };
  if (want !== null && want !== got && !(want === 'image/*' && got!.startsWith('image/'))) {
    return { refused: `the server sent ${got} where the media says ${want}` };
  }
  const proven = sniffType(head);
  if (SIGNATURES[got!] && proven !== got) return { refused: `the file's first bytes are not those of ${got}` };
  return { type: got! };
}

/**
 * Why media a row declares is not fetched at all, or null: a bad address, or a
 * declared type that is never kept (a video).
 */
export function refRefusal(url: string, declared: string | null): string | null {
  const bad = urlRefusal(url);
  if (bad) return bad;
  const type = mediaTypeOf(declared);
  if (type !== null && type !== 'image/*' && !isAllowedType(type)) return `${type} is not kept offline`;
  return null;
}

/**
 * Headers of every local copy the app serves. The copy is shown in an `<img>` (where no
 * script runs), but opened on its own an SVG could carry script: `sandbox` and
 * `script-src 'none'` stop it, `nosniff` keeps the type as checked.
 */
export function localMediaHeaders(contentType: string, size: number): Record<string, string> {
  return {
    'content-type': contentType,
    'content-length': String(size),
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, max-age=3600',
    'referrer-policy': 'no-referrer',
  };
}
