// Terminal prompts: a hidden one for secrets, a visible line, a yes/no one for confirmations.

import type { Terminal } from './context.js';
import { CancelledError } from '../errors.js';

interface RawInput {
  setRawMode?: (mode: boolean) => void;
  isRaw?: boolean;
}

/** Reads one line from a TTY with echo off. Ctrl-C or Ctrl-D cancel. */
export function promptSecret(term: Terminal, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = term.stdin as Terminal['stdin'] & RawInput;
    term.stderr.write(question);
    const wasRaw = input.isRaw === true;
    input.setRawMode?.(true);
    input.resume();
    let answer = '';
    const finish = (error?: Error): void => {
      input.setRawMode?.(wasRaw);
      input.pause();
      input.off('data', onData);
      term.stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new CancelledError('cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * One line typed at the terminal, shown as typed; undefined at end of input (Ctrl-D). Ctrl-C
 * cancels: CancelledError, exit 130.
 */
export async function promptLine(term: Terminal, question: string): Promise<string | undefined> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: term.stdin, output: term.stderr });
  try {
    return await new Promise<string | undefined>((resolve, reject) => {
      const settle = (done: () => void): void => {
        rl.off('SIGINT', interrupted);
        rl.off('close', ended);
        done();
      };
      const interrupted = (): void => settle(() => (term.stderr.write('\n'), reject(new CancelledError('cancelled'))));
      const ended = (): void => settle(() => (term.stderr.write('\n'), resolve(undefined)));
      rl.once('SIGINT', interrupted);
      rl.once('close', ended);
      rl.question(question, (text) => settle(() => resolve(text)));
    });
  } finally {
    rl.close();
  }
}

/** A [y/N] question; Ctrl-C or Ctrl-D (end of input) cancel: CancelledError, exit 130. */
export async function confirm(term: Terminal, question: string): Promise<boolean> {
  const answer = await promptLine(term, `${question} [y/N] `);
  if (answer === undefined) throw new CancelledError('cancelled');
  return /^y(es)?$/i.test(answer.trim());
}
