/**
 * Resolves when `work` settles (fulfilled or rejected alike) or after `ms`, whichever
 * comes first: a wait for something worth having that must not hold things up for long.
 */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
