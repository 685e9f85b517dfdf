/** A comment and its replies. */
export interface ThreadNode<T> {
  readonly item: T;
  readonly replies: ThreadNode<T>[];
}

/** Levels of replies shown nested; deeper replies are shown at the last level, oldest first. */
export const THREAD_DEPTH = 8;

/**
 * Nests comments under their parents, oldest first at every level. A reply whose
 * parent is not cached (deleted, or not synced yet) is shown at the top level rather
 * than lost; a parent cycle cannot loop. Replies nested deeper than {@link THREAD_DEPTH}
 * levels are shown at the last level (a chain of 3,000 replies, one under the other,
 * overflowed the stack of the nested drawing and showed nothing).
 */
export function buildThread<T>(items: readonly T[], idOf: (t: T) => string, parentOf: (t: T) => string | null, timeOf: (t: T) => string): ThreadNode<T>[] {
  const nodes = new Map<string, ThreadNode<T>>();
  for (const item of items) nodes.set(idOf(item), { item, replies: [] });
  const parents = new Map<string, string>();
  for (const item of items) {
    const id = idOf(item);
    const parentId = parentOf(item);
    if (parentId && parentId !== id && nodes.has(parentId)) parents.set(id, parentId);
  }
  breakCycles(nodes.keys(), parents);
  const roots: ThreadNode<T>[] = [];
  for (const item of items) {
    const node = nodes.get(idOf(item))!;
    const parentId = parents.get(idOf(item));
    if (parentId) nodes.get(parentId)!.replies.push(node);
    else roots.push(node);
  }
  flattenBelow(roots, THREAD_DEPTH);
  const byTime = (a: ThreadNode<T>, b: ThreadNode<T>) => timeOf(a.item).localeCompare(timeOf(b.item));
  const sortAll = (list: ThreadNode<T>[]) => {
    list.sort(byTime);
    for (const n of list) sortAll(n.replies);
  };
  sortAll(roots);
  return roots;
}

/**
 * Drops one parent link of every cycle, so each comment hangs from a root: one walk up
 * from each comment, each comment walked once (checking each reply's whole subtree took
 * seconds for a long chain).
 */
function breakCycles(ids: Iterable<string>, parents: Map<string, string>): void {
  const ON_PATH = 1;
  const DONE = 2;
  const state = new Map<string, number>();
  for (const id of ids) {
    const path: string[] = [];
    let at: string | undefined = id;
    while (at !== undefined && !state.has(at)) {
      state.set(at, ON_PATH);
      path.push(at);
      at = parents.get(at);
    }
    // The walk came back to a comment of its own path: a cycle, cut where it closed.
    if (at !== undefined && state.get(at) === ON_PATH) parents.delete(at);
    for (const walked of path) state.set(walked, DONE);
  }
}

/** Gives each node at level `depth - 1` (roots are level 1) every reply below it as its own replies. */
function flattenBelow<T>(roots: ThreadNode<T>[], depth: number): void {
  const levels: [ThreadNode<T>, number][] = roots.map((n) => [n, 1]);
  while (levels.length > 0) {
    const [node, level] = levels.pop()!;
    if (level < depth - 1) {
      for (const reply of node.replies) levels.push([reply, level + 1]);
      continue;
    }
    const below: ThreadNode<T>[] = [];
    const stack = [...node.replies];
    while (stack.length > 0) {
      const next = stack.pop()!;
      below.push(next);
      for (const reply of next.replies) stack.push(reply);
      next.replies.length = 0;
    }
    node.replies.length = 0;
    for (const reply of below) node.replies.push(reply);
  }
}
