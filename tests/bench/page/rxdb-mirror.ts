import { createRxDatabase, type RxCollection, type RxJsonSchema, type WithDeleted } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { endpoints, productionDialect, rowKey, type EndpointDef } from '../../../src-shared/api/index.js';
import { localPath } from './browser-globals.js';
import type { PageScope, PeerResult } from './page-api.js';

type Doc = Record<string, unknown>;

/** Where the pull stands: after a creation time (and the keys already taken at it), or at a cursor. */
type Checkpoint = { readonly at: string; readonly keys: readonly string[] } | { readonly next: string | null };

interface PageBody {
  readonly data?: Doc[];
  readonly nextUrl?: string | null;
}

const KEY_FIELD = 'pk';

/**
 * The schema RxDB needs: a string primary key (the row's key, compound keys joined
 * with `+` as in our store) and nothing else declared. RxDB can only index required,
 * non-null fields, and most filterable fields of this API are nullable, so the peer
 * keeps just its own indexes (primary key, `_deleted`+`_meta.lwt`): fewer than ours.
 */
function schemaOf(endpoint: EndpointDef): RxJsonSchema<Doc> {
  return {
    version: 0,
    type: 'object',
    primaryKey: KEY_FIELD,
    properties: { [KEY_FIELD]: { type: 'string', maxLength: 200 } },
    required: [KEY_FIELD],
    additionalProperties: true,
    description: endpoint.id,
  } as unknown as RxJsonSchema<Doc>;
}

/**
 * The pull handler of one list: RxDB's documented pattern for a REST backend, a
 * checkpoint on (creationDateTime, key) expressed with the dialect's filters
 * (`creationDateTime[gte]`, sorted by it, the keys already seen at that instant
 * dropped), and the API's own cursor where creation time cannot be sorted on.
 */
function pullHandler(scope: PageScope, token: string, onRequest: () => void) {
  const endpoint = endpoints[scope.endpoint];
  const byCreation = endpoint.query['creationDateTime']?.sort === true && endpoint.query['creationDateTime'].filter;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string): Promise<PageBody> => {
    onRequest();
    const response = await fetch(path, { headers });
    if (!response.ok) throw new Error(`${scope.scope}: HTTP ${response.status}`);
    return (await response.json()) as PageBody;
  };
  const docOf = (row: Doc, key: string): WithDeleted<Doc> => ({ ...row, [KEY_FIELD]: key, _deleted: false });

  return async (checkpoint: Checkpoint | undefined): Promise<{ documents: WithDeleted<Doc>[]; checkpoint: Checkpoint }> => {
    if (!byCreation) {
      const next = checkpoint && 'next' in checkpoint ? checkpoint.next : scope.firstPath;
      if (next === null) return { documents: [], checkpoint: { next: null } };
      const body = await get(next);
      const data = body.data ?? [];
      return {
        documents: data.map((row) => docOf(row, rowKey(endpoint, row))),
        checkpoint: { next: data.length > 0 && body.nextUrl ? localPath(body.nextUrl) : null },
      };
    }
    let path = scope.firstPath;
    const seen = checkpoint && 'at' in checkpoint ? checkpoint : null;
    if (seen) {
      const [name, value] = productionDialect.encodeFilter({ field: 'creationDateTime', op: 'gte', value: seen.at });
      path += `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    }
    const data = (await get(path)).data ?? [];
    const documents: WithDeleted<Doc>[] = [];
    let at = seen?.at ?? '';
    let keys: string[] = seen ? [...seen.keys] : [];
    for (const row of data) {
      const key = rowKey(endpoint, row);
      const created = String(row['creationDateTime']);
      if (seen && created === seen.at && seen.keys.includes(key)) continue;
      documents.push(docOf(row, key));
      if (created !== at) {
        at = created;
        keys = [];
      }
      keys.push(key);
    }
    return { documents, checkpoint: documents.length > 0 ? { at, keys } : (seen ?? { at: '', keys: [] }) };
  };
}

/**
 * The peer: RxDB (Dexie storage) replicating the same list scopes from the same
 * server with `replicateRxCollection`, one collection per scope, `parallel` scopes at
 * a time (the free edition opens at most 13 collections at once, so each closes when
 * its first replication is done). Timed from the first pull to the last write.
 */
export async function rxdbMirror(options: { scopes: PageScope[]; token: string; dbName: string; parallel: number }): Promise<PeerResult> {
  const db = await createRxDatabase({ name: options.dbName, storage: getRxStorageDexie(), multiInstance: false, eventReduce: true });
  const queue = options.scopes.map((scope, index) => ({ scope, name: `s${index}` }));
  const failed: string[] = [];
  const rowsByScope: Record<string, number> = {};
  let rows = 0;
  let requests = 0;
  const started = performance.now();

  const runOne = async (item: { scope: PageScope; name: string }) => {
    const endpoint = endpoints[item.scope.endpoint];
    const added = await db.addCollections({ [item.name]: { schema: schemaOf(endpoint) } });
    const collection = added[item.name] as RxCollection<Doc>;
    const replication = replicateRxCollection<Doc, Checkpoint>({
      collection,
      replicationIdentifier: `outpost-bench-${item.scope.scope}`,
      live: false,
      autoStart: true,
      waitForLeadership: false,
      // The handler always asks for a full API page (1000); a batch size of 1 makes
      // RxDB stop only at an empty answer, so a page shortened by dropped duplicates
      // does not end the pull early.
      pull: { handler: pullHandler(item.scope, options.token, () => (requests += 1)), batchSize: 1 },
    });
    const errors: string[] = [];
    const subscription = replication.error$.subscribe((error) => errors.push(String(error?.message ?? error)));
    await replication.awaitInitialReplication();
    subscription.unsubscribe();
    if (errors.length > 0) failed.push(`${item.scope.scope}: ${errors[0]}`);
    const count = await collection.count().exec();
    rows += count;
    rowsByScope[item.scope.scope] = count;
    await replication.cancel();
    await collection.close();
  };

  try {
    await Promise.all(
      Array.from({ length: Math.max(1, options.parallel) }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) await runOne(item);
      }),
    );
    return { rows, requests, ms: performance.now() - started, failed, rowsByScope };
  } finally {
    await db.remove();
  }
}
