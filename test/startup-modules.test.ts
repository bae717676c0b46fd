// What `inventory list` initialises of src/ (scripts/startup-modules.mjs, in a process of its own:
// a start is what is measured): neither the writers nor the calendar's rules, and no more modules
// than it did when the application layer was finished. A module a list now needs raises the
// ceiling on purpose, in this file, with the reason; `npm run bench startup` times the start.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('../scripts/startup-modules.mjs', import.meta.url));

/**
 * The most modules of src/ `inventory list` may initialise. 89: src/common/descriptors.ts, which
 * --out's writer (src/common/atomic-file.ts, loaded by every start) asks whether `/dev/fd/N` was
 * given to the command; a handful of functions, nothing run unless an argument names /dev or /proc.
 */
const CEILING = 89;

/** What only a write or a calendar command needs. */
const WRITE_AND_RULES = [
  'src/data/booking-writer.ts',
  'src/data/event-writer.ts',
  'src/data/stock-writer.ts',
  'src/data/price-writer.ts',
  'src/data/calendar.ts',
  'src/data/shortage-advisor.ts',
  'src/domain/booking-plan.ts',
  'src/domain/event-change.ts',
];

async function modulesOf(...args: string[]): Promise<string[]> {
  if (!existsSync(`${ROOT}dist/sandbox.js`)) throw new Error('dist/sandbox.js is missing: run `npm run build` first');
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, '--json', ...args], { cwd: ROOT });
  return JSON.parse(stdout) as string[];
}

describe('the modules a start initialises', () => {
  test('inventory list: neither the writers nor the calendar and its rules, and no more modules than before', async () => {
    const modules = await modulesOf('inventory', 'list');
    expect(modules).toContain('src/cli/resource/register.ts');
    expect(modules.filter((path) => WRITE_AND_RULES.includes(path))).toEqual([]);
    expect(modules.length, modules.join('\n')).toBeLessThanOrEqual(CEILING);
  });
});
