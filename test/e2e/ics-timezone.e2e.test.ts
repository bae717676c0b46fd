// -o ics is the one output that reads the time zone: a bad --timezone is refused (exit 2) before
// any request, as every bad flag is, not after the calendar was read.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { openSandbox } from '../sandbox/helpers.js';
import { cliFor } from './harness.js';
import type { OpenSandbox } from './server-state.js';

let sandbox: OpenSandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

test('agenda -o ics --timezone Mars/Phobos: exit 2 naming the flag and rule, nothing requested', async () => {
  const result = await cliFor(sandbox)(['agenda', '-o', 'ics', '--timezone', 'Mars/Phobos', '--verbose']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('--timezone: timezone must be an IANA time zone such as Europe/Berlin or UTC (got "Mars/Phobos")');
  expect(result.stderr).not.toMatch(/\* GET /);
});
