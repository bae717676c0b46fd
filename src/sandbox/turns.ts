// One budget of event-loop time shared by every reply being written: a writer works until the
// turn's budget is spent, then queues for a turn of its own. One writer per turn, in turn order
// (a writer that has had its turn goes to the back), so that however many lists are written at
// once a turn of the event loop does about TURN_MS of their work, and a GET that arrives
// meanwhile is answered in the next poll phase rather than after every list has had a slice.

/** The work lists may do in one turn of the event loop, all of them together. */
const TURN_MS = 1;

let turnStarted = performance.now();
const waiting: Array<() => void> = [];
let scheduled = false;

/** Nothing while this turn has budget left; else a promise of the caller's next turn (after pending I/O). */
export function yieldWhenSpent(): Promise<void> | undefined {
  if (performance.now() - turnStarted < TURN_MS) return undefined;
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}

function schedule(): void {
  scheduled = true;
  setImmediate(nextTurn);
}

function nextTurn(): void {
  scheduled = false;
  turnStarted = performance.now();
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}
