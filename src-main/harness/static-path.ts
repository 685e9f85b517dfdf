import { extname, join, normalize, sep } from 'node:path';

/**
 * Maps a request path to a file below `root`, or null when it would leave the root.
 * Paths without a file extension are the app's own routes and get `index.html`.
 */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestPath, 'http://x').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname === '/' || extname(pathname) === '') return join(root, 'index.html');
  const file = normalize(join(root, pathname));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}
