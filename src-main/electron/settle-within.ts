/**
 * Waits for `task` at most `ms`: how quitting bounds the services' stop, so a hung
 * request or disk never keeps the app alive after the user quit.
 */
export function settleWithin(
  task: Promise<unknown>,
  ms: number,
  setTimer: (run: () => void, ms: number) => unknown,
): Promise<'done' | 'failed' | 'timeout'> {
  return new Promise((resolve) => {
    setTimer(() => resolve('timeout'), ms);
    task.then(
      () => resolve('done'),
      () => resolve('failed'),
    );
  });
}
