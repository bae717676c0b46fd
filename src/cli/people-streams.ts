// Where stderr is made safe for people, once for the whole run: main() hands every command a
// context whose stderr passes each write through forPeople (notices, warnings, errors, prompts,
// a bulk run's progress and summary, commander's messages), so that no writer of stderr has to
// remember it. At a terminal its lines are wrapped between words to the terminal's width, by the
// one wrapping of the tool (output/wrap.ts). stdout is the printer's (src/output/printer.ts),
// which knows the format.

import type { Writable } from 'node:stream';
import { forPeople } from '../common/terminal-text.js';
import type { Context, Terminal } from './context.js';

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

/** The wrapping of lines for people (output/wrap.ts), loaded the first time a line is too wide. */
type Wrap = (text: string, width: number) => string;

/**
 * Lines that certainly fit `width` without measuring them in display columns: printable ASCII
 * no longer than the width, or any text at most half as long (no character is wider than two).
 */
function fitsAsIs(text: string, width: number): boolean {
  return text.split('\n').every((line) => ([...line].length * 2 <= width) || (line.length <= width && /^[\u0020-\u007e]*$/.test(line)));
}

/** Writes not yet written, while the wrapping loads (main() waits for them before it returns). */
const PENDING = new WeakMap<Terminal, () => Promise<void>>();

/**
 * `stream` with every text written through forPeople, and at a terminal `width` wide, its lines
 * wrapped between words (a word is never cut at the edge); everything else about it unchanged.
 */
function peopleWritable(stream: Writable, width: number): { stream: Writable; settled: () => Promise<void> } {
  const raw = stream.write as Write;
  let wrap: Wrap | undefined;
  let loading: Promise<void> | undefined;
  const queued: string[] = [];
  const write: Write = (chunk, ...rest) => {
    const text = typeof chunk === 'string' ? forPeople(chunk) : Buffer.isBuffer(chunk) ? forPeople(chunk.toString('utf8')) : chunk;
    if (width <= 0 || typeof text !== 'string' || rest.length > 0) return raw.call(stream, text, ...rest);
    if (wrap) return raw.call(stream, wrap(text, width));
    if (!loading && fitsAsIs(text, width)) return raw.call(stream, text);
    // Too wide for the terminal: the wrapping (and the width tables) load now; what comes meanwhile waits its turn.
    queued.push(text);
    loading ??= import('../output/wrap.js').then(
      (module) => {
        wrap = module.wrapPeopleLines;
        for (const waiting of queued.splice(0)) raw.call(stream, wrap(waiting, width));
      },
      () => void raw.call(stream, queued.splice(0).join('')),
    );
    return true;
  };
  const proxy = new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { stream: proxy, settled: async () => void (await loading) };
}

/**
 * `ctx` whose stderr and questions reach people sanitized, stderr wrapped to its terminal's width
 * (the terminal's lazy members stay lazy).
 */
export function forPeopleContext(ctx: Context): Context {
  const term = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx.term)) as Terminal;
  const width = ctx.term.stderrIsTTY ? (ctx.term.stderrColumns ?? 0) : 0;
  const people = peopleWritable(ctx.term.stderr, width);
  Object.defineProperty(term, 'stderr', { value: people.stream, enumerable: true });
  PENDING.set(term, people.settled);
  return {
    ...ctx,
    term,
    promptSecret: (question) => ctx.promptSecret(forPeople(question)),
    confirm: (question) => ctx.confirm(forPeople(question)),
  };
}

/** Waits until every line written to the context's stderr has been written (its wrapping may have been loading). */
export async function peopleStreamsSettled(ctx: Context): Promise<void> {
  await PENDING.get(ctx.term)?.();
}
