/** Longer addresses are refused by browsers and servers alike; parsing one would only cost time. */
const MAX_URL_LENGTH = 8192;

/**
 * The one allow-list for addresses a server sends that the app shows as links or
 * images (media downloads, references, a post's feature image): http or https, with a
 * host and without credentials, as the shell's external-link policy accepts. Anything
 * else (`javascript:`, `data:`, `file:`, `http://user:pass@…`) is not a link, nor is an
 * address longer than browsers and servers accept (8 KiB).
 * @returns the address as given when it passes, else null.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname || parsed.username !== '' || parsed.password !== '') return null;
  return value;
}

const IMAGE_PATH = /\.(?:jpe?g|png|gif|webp|avif|bmp)$/i;

/**
 * Whether a download link stands for an image: its field names a feature media (a
 * post's feature image), or its path ends in an image's extension.
 */
export function isImageDownload(field: string, url: string): boolean {
  if (/^featureMedia/.test(field)) return true;
  try {
    return IMAGE_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}
