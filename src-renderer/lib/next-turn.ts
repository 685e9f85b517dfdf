/**
 * Lets the thread's other tasks (a message from the window: a request) run before going
 * on. A message, not a timer: timers nested five deep wait at least 4 ms each.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** How long work that waits for other work to end waits before it looks again (ms). */
const LOOK_AGAIN_MS = 4;

/** A short wait, for work that waits for other work to end and looks again after it (a timer: nothing else to wake it). */
export function lookAgainSoon(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
}
