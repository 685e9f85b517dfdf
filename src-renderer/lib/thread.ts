/** A comment and its replies. */
export interface ThreadNode<T> {
  readonly item: T;
  readonly replies: ThreadNode<T>[];
}

/**
 * Nests comments under their parents, oldest first at every level. A reply whose
 * parent is not cached (deleted, or not synced yet) is shown at the top level rather
 * than lost; a parent cycle cannot loop.
 */
export function buildThread<T>(items: readonly T[], idOf: (t: T) => string, parentOf: (t: T) => string | null, timeOf: (t: T) => string): ThreadNode<T>[] {
  const nodes = new Map<string, ThreadNode<T>>();
  for (const item of items) nodes.set(idOf(item), { item, replies: [] });
  const roots: ThreadNode<T>[] = [];
  for (const item of items) {
    const node = nodes.get(idOf(item))!;
    const parentId = parentOf(item);
    const parent = parentId && parentId !== idOf(item) ? nodes.get(parentId) : undefined;
    if (parent && !isAncestor(node, parent)) parent.replies.push(node);
    else roots.push(node);
  }
  const byTime = (a: ThreadNode<T>, b: ThreadNode<T>) => timeOf(a.item).localeCompare(timeOf(b.item));
  const sortAll = (list: ThreadNode<T>[]) => {
    list.sort(byTime);
    for (const n of list) sortAll(n.replies);
  };
  sortAll(roots);
  return roots;
}

function isAncestor<T>(node: ThreadNode<T>, candidate: ThreadNode<T>): boolean {
  const stack = [...node.replies];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === candidate) return true;
    stack.push(...next.replies);
  }
  return false;
}
