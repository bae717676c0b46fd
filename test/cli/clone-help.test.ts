// `events clone --help` says what --start-date counts from: a relative date (+52w, fri) counts from
// today, not from the event copied, so no example gives one as if it did.

import { expect, test } from 'vitest';
import { runCli } from '../helpers/fake-context.js';

/** The calendar's relative forms: a signed count of days or weeks, a named day, a weekday. */
const RELATIVE = /--start-date\s+(?:[+-]\d|today|tomorrow|yesterday|now|mon|tue|wed|thu|fri|sat|sun)/;

test('events clone --help: --start-date counts a relative date from today, and no example implies one counted from the event', async () => {
  const help = await runCli(['events', 'clone', '--help'], { home: '/nonexistent' });
  expect(help.code).toBe(0);
  const examples = help.stdout.split('\n').filter((line) => line.startsWith('  $ '));
  expect(examples.length).toBeGreaterThan(0);
  for (const example of examples) expect(example).not.toMatch(RELATIVE);
  expect(help.stdout.replace(/\s+/g, ' ')).toMatch(/from today, not from the event/);
});
