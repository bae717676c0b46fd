// What rentals writes on stderr for people (errors, warnings, notices) at a terminal: wrapped
// between words to the terminal's width, never cut inside a word; piped, each message on its line
// as written (a script's grep sees it whole).

import { describe, expect, test } from 'vitest';
import { forPeopleContext, peopleStreamsSettled } from '../../src/cli/people-streams.js';
import { terminalControl } from '../../src/common/terminal-text.js';
import { textWidth } from '../../src/output/width.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const HOME = { home: '/nonexistent' };

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

describe('stderr at a terminal', () => {
  test.each([60, 80, 120])('an error at %i columns: wrapped between words, every word whole', async (width) => {
    const argv = ['events', 'list', '--range', 'nosuchrange'];
    const piped = await runCli(argv, HOME);
    expect(piped.code).toBe(2);
    const message = piped.stderr.trimEnd();
    expect(message.split('\n')[0]!.length).toBeGreaterThan(120);
    const shown = await runCli(argv, { ...HOME, tty: true, columns: width, stderrColumns: width });
    const lines = shown.stderr.trimEnd().split('\n');
    for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(width);
    expect(lines.flatMap(words)).toEqual(words(message));
  });

  test('a warning too: each line within the width, nothing lost', async () => {
    const env = { RENTALS_OUTPUT: 'a-format-nobody-has-heard-of' };
    const piped = await runCli(['config', 'list'], { ...HOME, env });
    const warning = piped.stderr.split('\n').find((line) => line.startsWith('warning:'))!;
    expect(warning.length).toBeGreaterThan(60);
    const shown = await runCli(['config', 'list'], { ...HOME, env, tty: true, columns: 60, stderrColumns: 60 });
    const at = shown.stderr.indexOf('warning:');
    const lines = shown.stderr.slice(at).trimEnd().split('\n');
    for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(60);
    expect(words(lines.join(' ')).slice(0, words(warning).length)).toEqual(words(warning));
  });

  test('a word wider than the line is the one thing split; a line that redraws itself and a question are left alone', async () => {
    const fake = fakeContext({ ...HOME, tty: true, columns: 20, stderrColumns: 20 });
    const { term } = forPeopleContext(fake.ctx);
    const ctx = { ...fake.ctx, term };
    term.stderr.write('note: Northwestern-University-Alumni-Association is long\n');
    term.stderr.write(`${terminalControl('\r')}importing rows 120 of 10000 (1.2%) at 300 rows a second`);
    term.stderr.write('\nDelete every one of these 12 events? [y/N] ');
    await peopleStreamsSettled(ctx);
    const [first, ...rest] = fake.stderr().split('\n');
    expect([first, ...rest.slice(0, 3)]).toEqual(['note:', 'Northwestern-Univers', 'ity-Alumni-Associati', 'on is long']);
    expect(fake.stderr()).toContain('\rimporting rows 120 of 10000 (1.2%) at 300 rows a second\n');
    expect(fake.stderr().endsWith('Delete every one of these 12 events? [y/N] ')).toBe(true);
  });
});
