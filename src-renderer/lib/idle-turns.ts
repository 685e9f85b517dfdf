/**
 * Heavy drawing, one piece per idle moment of the window. Chart.js creating a chart
 * (its first layout and draw) took ~85 ms; the three charts above a list, created in
 * one go when their counts arrived, held the window ~250 ms, and a filter the user had
 * just typed waited behind them. One chart per idle moment lets input in between.
 */

type Turn = () => void;

const waiting: Turn[] = [];
let scheduled = false;

/** Idle time, or the next task where the browser has no idle callback; a turn waits at most a second. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

function runNext(): void {
  scheduled = false;
  waiting.shift()?.();
  schedule();
}

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  whenIdle(runNext);
}

/** Runs `turn` in an idle moment, after the turns asked for before it; the function returned withdraws it. */
export function idleTurn(turn: Turn): () => void {
  waiting.push(turn);
  schedule();
  return () => {
    const at = waiting.indexOf(turn);
    if (at >= 0) waiting.splice(at, 1);
  };
}
