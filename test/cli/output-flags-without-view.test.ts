// The commands that print no view (the sandbox, the assistant's server, help) shape no output:
// -o, --json, --jq, --fields and --out are refused, exit 2, naming the flag, before anything
// starts; without them the commands run as before.

import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expectNothingSent, useNock, withApi } from '../helpers/api.js';
import { runCli, tempDir } from '../helpers/fake-context.js';

useNock();

const FLAGS: Array<{ words: string[]; named: string }> = [
  { words: ['-o', 'csv'], named: '-o' },
  { words: ['--output=json'], named: '-o' },
  { words: ['--json'], named: '--json' },
  { words: ['--jq', '.'], named: '--jq' },
  { words: ['--fields', 'id'], named: '--fields' },
  { words: ['--out', 'x.txt'], named: '--out' },
];

/** A sandbox that would print its export line and exit at once, without serving: refused, it prints nothing. */
const SANDBOX = ['sandbox', '--print-env', '--token', 'sandbox-token-0123456789', '--port', '4999'];

describe('commands without a view refuse the flags that shape output', () => {
  test.each(FLAGS)('sandbox $words.0: exit 2 naming the flag, nothing started', async ({ words, named }) => {
    const dir = tempDir();
    const result = await runCli([...SANDBOX, ...words.map((w) => (w === 'x.txt' ? join(dir, w) : w))], withApi());
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error: ${named.replace('-', '\\-')}.*: rentals sandbox prints no output`));
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
  });

  test.each(FLAGS)('mcp $words.0: exit 2 naming the flag, no server', async ({ words, named }) => {
    const dir = tempDir();
    const result = await runCli(['mcp', ...words.map((w) => (w === 'x.txt' ? join(dir, w) : w))], withApi());
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(named);
    expect(result.stderr).toContain('rentals mcp prints no output');
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
    expectNothingSent();
  });

  test('help -o json is refused too', async () => {
    const result = await runCli(['help', 'inventory', '-o', 'json'], withApi());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-o');
  });

  test('without them the sandbox prints its export line, and a profile or environment format is no flag', async () => {
    const result = await runCli(SANDBOX, withApi({ env: { RENTALS_OUTPUT: 'csv' } }));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('RENTALS_BASE_URL');
  });
});
