import { endpoints, type EndpointDef, type EndpointId } from '../../src-shared/api/index.js';
import { scopeKey } from '../../src-shared/store/scope-key.js';
import { createListState, type ListState } from './list-state.js';
import type { Row } from './row-generator.js';
import type { World } from './world.js';

export type ListLookup =
  | { ok: true; state: ListState; scope: string }
  | { ok: false; status: 400 | 404; message: string };

/**
 * The server's data: the seeded world plus every change made since start, one
 * {@link ListState} per list scope (created when first read), and the posts and users
 * that the writes change.
 */
export interface DataStore {
  readonly world: World;
  /** A list scope's rows, or why it cannot be listed (404 unknown parent, 400 unavailable). */
  list(endpoint: EndpointDef, params: Readonly<Record<string, string>>): ListLookup;
  readonly posts: ListState;
  readonly users: ListState;
  /** The module a live post belongs to. */
  postModule(postId: string): string | undefined;
  /** Adds a post to a module (E3). */
  createPost(moduleId: string, fields: Row): Row;
}

export function createDataStore(world: World, now: () => number): DataStore {
  const states = new Map<string, ListState>();
  const posts = createListState(endpoints.E16, world.posts, now);
  const users = createListState(endpoints.E19, world.users, now);
  const createdPostModules = new Map<string, string>();

  const postModule = (postId: string): string | undefined => {
    const index = posts.indexOf(postId.toLowerCase());
    if (index === undefined) return undefined;
    return index < world.posts.size ? world.postModules[index] : createdPostModules.get(postId.toLowerCase());
  };

  const lookup = {
    live(endpoint: EndpointId, params: Readonly<Record<string, string>>, key: string): boolean {
      const found = list(endpoints[endpoint], params);
      return found.ok && found.state.indexOf(key.toLowerCase()) !== undefined;
    },
    postModule,
  };

  function list(endpoint: EndpointDef, params: Readonly<Record<string, string>>): ListLookup {
    const resolution = world.resolve(endpoint, params, lookup);
    if (resolution.kind === 'missing') return { ok: false, status: 404, message: resolution.message };
    if (resolution.kind === 'unavailable') return { ok: false, status: 400, message: resolution.message };
    const scope = scopeKey(endpoint.id, params);
    let state = states.get(scope);
    if (!state) states.set(scope, (state = createListState(endpoint, resolution.generator(), now)));
    return { ok: true, state, scope };
  }

  return {
    world,
    list,
    posts,
    users,
    postModule,
    createPost(moduleId, fields) {
      const row = posts.insert(fields);
      createdPostModules.set(String(row['id']), moduleId);
      return row;
    },
  };
}
