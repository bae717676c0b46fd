// The "Dates:" line that ends a calendar command's help gives examples of what its date flags
// take: each one is run through each date flag of that command, and each range --range's help
// names through --range, against the seeded sandbox, and must be accepted. A command that takes
// no date has no such line.

import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor } from './harness.js';

/** The value names of the flags that take a date or a datetime (`--from <date>`, `--to <when>`). */
const DATE_VALUES = new Set(['date', 'datetime', 'when', 'day']);

function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return [{ path, command }, ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

function valueName(option: Option): string | undefined {
  return /<([^>]+)>/.exec(option.flags)?.[1];
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: 0 } });
const leaves = walk(program).filter(({ command }) => command.commands.length === 0 && command.name() !== 'help');

/** Each command with its help's "Dates:" line (undefined without one) and its date flags. */
const helps = await Promise.all(
  leaves.map(async ({ path, command }) => {
    const help = await runCli([...path, '--help'], { home: '/nonexistent' });
    const line = help.stdout.split('\n').find((l) => l.startsWith('Dates:'));
    const range = command.options.find((o) => o.long === '--range');
    return { path, line, dateFlags: command.options.filter((o) => DATE_VALUES.has(valueName(o) ?? '')).map((o) => o.long!), ranges: range === undefined ? [] : rangeExamples(range.description) };
  }),
);
const withLine = helps.filter((h) => h.line !== undefined);

/** The dates the line gives as examples. */
function examples(line: string): string[] {
  const body = line.replace(/^Dates:\s*/, '').replace(/\s*\(rentals help dates\)\s*$/, '');
  return body.split(/,\s*/).map((w) => w.trim().replace(/^"(.*)"$/, '$1'));
}

/** The range names --range's help gives (`a named range instead: weekend, this-week, 2026-06…`). */
function rangeExamples(help: string): string[] {
  return (/:\s*(.*?)…?$/.exec(help)?.[1] ?? '').split(/,\s*/).filter(Boolean);
}

/** What each command needs besides the date flag tried (a dry run for the writes). */
const BASES: Record<string, string[]> = {
  'events move': ['events', 'move', 'id:1', '--dry-run'],
  'events clone': ['events', 'clone', 'id:1', '--dry-run'],
  'events cancel': ['events', 'cancel', 'id:6', '--cancel-reason', 'rain', '--dry-run'],
  'events list': ['events', 'list'],
  agenda: ['agenda'],
  check: ['check'],
  report: ['report', 'utilization'],
};

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;
beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
});
afterAll(async () => sandbox?.close());

describe('the "Dates:" line of a command help', () => {
  test('is on the calendar commands that take a date, and on none that takes no date', () => {
    expect(withLine.map((h) => h.path.join(' ')).sort()).toEqual(Object.keys(BASES).sort());
    for (const h of withLine) expect(h.dateFlags, h.path.join(' ')).not.toEqual([]);
  });

  test.each(withLine.map((h) => [h.path.join(' '), h] as const))('rentals %s: each example is taken by each of its date flags, each range --range names by --range', async (words, h) => {
    const dates = examples(h.line!);
    expect(dates.length).toBeGreaterThan(0);
    const tries: string[][] = [];
    for (const flag of h.dateFlags) {
      // The other end of a range far off: the example is judged alone, not refused for ending before a default start.
      const other = flag === '--to' && h.dateFlags.includes('--from') ? ['--from', '2020-01-01'] : flag === '--from' && h.dateFlags.includes('--to') ? ['--to', '2040-12-31'] : [];
      for (const example of dates) tries.push([...other, flag, example]);
    }
    for (const example of h.ranges) tries.push(['--range', example]);
    for (const extra of tries) {
      const result = await rentals([...BASES[words]!, ...extra, '-o', 'json']);
      expect([0, 1], `rentals ${words} ${extra.join(' ')}: ${result.stderr}`).toContain(result.code);
    }
  });
});
