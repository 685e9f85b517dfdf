import { endpoints, rowKey, type EndpointId } from '../../../src-shared/api/index.js';
import type { DownloadResult, DownloadScope } from './host-protocol.js';

interface PageBody {
  readonly data?: Record<string, unknown>[];
  readonly nextUrl?: string | null;
}

/**
 * Limit (b): every page of the given scopes downloaded and parsed with JSON.parse,
 * nothing else (no validation, no store), `parallel` scopes at a time as the engine
 * runs them. It is the fastest this process can take the rows off the server.
 */
export async function downloadPages(options: {
  readonly scopes: readonly DownloadScope[];
  readonly token: string;
  readonly parallel: number;
  readonly sampleEvery: number;
}): Promise<DownloadResult> {
  const queue = [...options.scopes];
  const sampledKeys: Record<string, string[]> = {};
  let rows = 0;
  let pages = 0;
  let bytes = 0;
  const headers = { authorization: `Bearer ${options.token}`, accept: 'application/json' };

  const runScope = async (scope: DownloadScope) => {
    const endpoint = endpoints[scope.endpoint as EndpointId];
    const keys: string[] = [];
    let url: string | null = scope.firstUrl;
    let seen = 0;
    while (url) {
      const response = await fetch(url, { headers });
      const text = await response.text();
      if (!response.ok) throw new Error(`${scope.scope}: HTTP ${response.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as PageBody;
      const data = body.data ?? [];
      for (const row of data) {
        if (seen % options.sampleEvery === 0) keys.push(rowKey(endpoint, row));
        seen += 1;
      }
      rows += data.length;
      pages += 1;
      bytes += text.length;
      url = data.length > 0 && body.nextUrl && body.nextUrl !== url ? body.nextUrl : null;
    }
    sampledKeys[scope.scope] = keys;
  };

  const started = performance.now();
  const workers = Array.from({ length: Math.max(1, options.parallel) }, async () => {
    for (let scope = queue.shift(); scope; scope = queue.shift()) await runScope(scope);
  });
  await Promise.all(workers);
  return { rows, pages, bytes, ms: performance.now() - started, sampledKeys };
}
