import { endpoints, versionedPath, type EndpointId } from '../../src-shared/api/index.js';
import type { RunningServer } from '../../src-server/index.js';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

/** A tiny HTTP client for the conformance tests: real requests, the token of choice. */
export function clientOf(server: RunningServer, token: string | null = server.token) {
  const request = async (method: string, pathOrUrl: string, init: { body?: string; contentType?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...init.headers };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    if (init.contentType) headers['content-type'] = init.contentType;
    const response = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${server.url}${pathOrUrl}`, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the test looks at the text.
    }
    return { status: response.status, headers: response.headers, body, text };
  };
  return {
    request,
    get: (pathOrUrl: string) => request('GET', pathOrUrl),
    post: (path: string, body: unknown, contentType = 'application/json') =>
      request('POST', path, { body: JSON.stringify(body), contentType }),
    patch: (path: string, body: unknown, contentType = 'application/json-patch+json') =>
      request('PATCH', path, { body: JSON.stringify(body), contentType }),
  };
}

export type Client = ReturnType<typeof clientOf>;

/** Path parameters of one scope of every list endpoint (and E5's list), from the published sources. */
export function listScopes(server: RunningServer): Partial<Record<EndpointId, Record<string, string>>> {
  const src = server.sources;
  const sfModule = src.serviceformModules.find((m) => m.stagesEnabled)!.moduleId;
  const formId = String(server.data.rows('E12', { moduleId: sfModule })[0]!['id']);
  const task = src.tasks[0]!;
  const subtaskId = String(server.data.rows('E13', task)[0]!['id']);
  const form = { moduleId: sfModule, formId };
  const post = src.contentPosts.find((p) => p.commentsEnabled)!;
  return {
    E1: { dataListId: src.dataLists.find((d) => d.type === 'Standard')!.dataListId },
    E2: { moduleId: post.moduleId, contentId: post.contentId },
    E4: { ...src.calendars[0]! },
    E6: form,
    E7: form,
    E8: form,
    E9: {},
    E10: form,
    E11: { ...src.surveys[0]! },
    E12: { moduleId: sfModule },
    E13: { ...task },
    E14: { ...src.taskModules[0]! },
    E15: form,
    E17: { ...task, subtaskId },
    E18: {},
    E20: {},
    E21: {},
  };
}

/** `/api/v1.4/...?query` of a list scope. */
export function listPath(id: EndpointId, params: Record<string, string>, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${versionedPath(endpoints[id], params)}${search ? `?${search}` : ''}`;
}

/** Follows nextUrl from a first page, returning every row and the number of pages. */
export async function followAll(client: Client, firstUrl: string): Promise<{ rows: Record<string, unknown>[]; pages: number }> {
  const rows: Record<string, unknown>[] = [];
  let url: string | null = firstUrl;
  let pages = 0;
  while (url) {
    const answer = await client.get(url);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text}`);
    const body = answer.body as { data: Record<string, unknown>[]; nextUrl?: string | null };
    rows.push(...body.data);
    pages++;
    url = body.nextUrl ?? null;
  }
  return { rows, pages };
}

/** Appends raw query text (already encoded) to a path. */
export function withRaw(path: string, raw: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${raw}`;
}
