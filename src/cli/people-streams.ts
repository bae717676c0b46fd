// Where stderr is made safe for people, once for the whole run: main() hands every command a
// context whose stderr passes each write through forPeople (notices, warnings, errors, prompts,
// a bulk run's progress and summary, commander's messages), so that no writer of stderr has to
// remember it. stdout is the printer's (src/output/printer.ts), which knows the format.

import type { Writable } from 'node:stream';
import { forPeople } from '../common/terminal-text.js';
import type { Context, Terminal } from './context.js';

/** `stream` with every text written through forPeople; everything else about it unchanged. */
function sanitizedWritable(stream: Writable): Writable {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? forPeople(chunk) : Buffer.isBuffer(chunk) ? forPeople(chunk.toString('utf8')) : chunk;
    return (stream.write as (...args: unknown[]) => boolean)(text, ...rest);
  };
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `ctx` whose stderr and questions reach people sanitized (the terminal's lazy members stay lazy). */
export function forPeopleContext(ctx: Context): Context {
  const term = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx.term)) as Terminal;
  Object.defineProperty(term, 'stderr', { value: sanitizedWritable(ctx.term.stderr), enumerable: true });
  return {
    ...ctx,
    term,
    promptSecret: (question) => ctx.promptSecret(forPeople(question)),
    confirm: (question) => ctx.confirm(forPeople(question)),
  };
}
