// The questions at a terminal: the [y/N] one (Ctrl-C or Ctrl-D "cancelled", exit 130) and the
// visible line (the line typed; Ctrl-D: no answer; Ctrl-C "cancelled").

import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Terminal } from '../../src/cli/context.js';
import { confirm, promptLine } from '../../src/cli/prompt.js';
import { CancelledError } from '../../src/errors.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';

function terminal(): { term: Terminal; type: (text: string) => void; end: () => void; shown: () => string } {
  const stdin = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let shown = '';
  stderr.setEncoding('utf8').on('data', (chunk: string) => (shown += chunk));
  const term: Terminal = { stdin, stdout: new PassThrough(), stderr, stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true, columns: 80 };
  return { term, type: (text) => stdin.write(text), end: () => stdin.end(), shown: () => shown };
}

describe('confirm', () => {
  test('y is yes, anything else no', async () => {
    const yes = terminal();
    const answer = confirm(yes.term, 'Apply 120 changes?');
    yes.type('y\r');
    expect(await answer).toBe(true);
    expect(yes.shown()).toContain('Apply 120 changes? [y/N] ');

    const no = terminal();
    const refused = confirm(no.term, 'Apply?');
    no.type('\r');
    expect(await refused).toBe(false);
  });

  test.each([
    ['Ctrl-C', (t: ReturnType<typeof terminal>) => t.type('\u0003')],
    ['Ctrl-D', (t: ReturnType<typeof terminal>) => t.end()],
  ])('%s is "cancelled", exit 130', async (_name, press) => {
    const t = terminal();
    const answer = confirm(t.term, 'Apply?');
    press(t);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as Error).message).toBe('cancelled');
    expect(exitCodeFor(error)).toBe(130);
  });
});

describe('promptLine', () => {
  test('the question, then the line typed, shown as typed', async () => {
    const t = terminal();
    const answer = promptLine(t.term, 'API address (https://…): ');
    t.type('https://api.example.com\r');
    expect(await answer).toBe('https://api.example.com');
    // Readline's cursor moves aside, the question and the answer as the terminal shows them.
    expect(t.shown().replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')).toContain('API address (https://…): https://api.example.com');
  });

  test('Ctrl-D (end of input): no answer', async () => {
    const t = terminal();
    const answer = promptLine(t.term, 'API address: ');
    t.end();
    expect(await answer).toBeUndefined();
  });

  test('Ctrl-C is "cancelled", exit 130', async () => {
    const t = terminal();
    const answer = promptLine(t.term, 'API address: ');
    t.type('https://api\u0003');
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(exitCodeFor(error)).toBe(130);
  });
});
