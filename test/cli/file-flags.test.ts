// Every flag that names a file, generated from the program the registry builds (the global --out,
// a command's own: `snapshot --out`, `--from-snapshot`, a concept's `--data-file`): an empty name
// is a usage error naming the flag as it is parsed, before anything is read or sent.

import type { Command, Option } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { ExitCode, UsageError } from '../../src/errors.js';
import { fakeContext } from '../helpers/fake-context.js';
import { runRentals } from '../e2e/harness.js';

function leaves(command: Command, path: string[] = []): Array<{ path: string; options: readonly Option[] }> {
  if (command.commands.length === 0) return [{ path: path.join(' '), options: command.options }];
  return command.commands.flatMap((child) => leaves(child, [...path, child.name()]));
}

const program = await buildProgram({ ctx: fakeContext({ home: '/nonexistent' }).ctx, state: { exitCode: ExitCode.ok } });
const fileFlags = [{ path: '(global)', options: program.options }, ...leaves(program)].flatMap(({ path, options }) => options.filter((o) => o.flags.endsWith(' <file>')).map((option) => ({ path, option })));

describe('a flag that names a file', () => {
  test('the program has them: the global --out, snapshot --out, sandbox --from-snapshot and --data-file', () => {
    const named = new Set(fileFlags.map(({ path, option }) => `${path} ${option.long}`));
    for (const expected of ['(global) --out', 'snapshot --out', 'sandbox --from-snapshot', 'sandbox --data-file', 'sandbox --data']) expect(named, expected).toContain(expected);
  });

  test('every one refuses an empty name, naming the flag; any other name is taken as given', () => {
    for (const { path, option } of fileFlags) {
      expect(() => option.parseArg!('', undefined), `${path} ${option.long}`).toThrow(new UsageError(`${option.long}: the file name is empty; name a file`));
      expect(option.parseArg!('a b.json', undefined)).toBe('a b.json');
    }
  });

  test('the global --out of a command refuses it too, before anything is sent (exit 2)', async () => {
    const result = await runRentals(['prices', 'list', '--out', ''], { env: { RENTALS_BASE_URL: 'http://127.0.0.1:9', RENTALS_TOKEN: 'token-0123456789abcdef' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --out: the file name is empty; name a file\n');
  });
});
