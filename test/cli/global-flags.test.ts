// The global flags of a run: a run of one command parses only the ones its command line names
// (startup: each costs commander ~14 µs), while help, "did you mean" and every form of a flag
// (`--output=json`, `-qo json`) still see all of them.

import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const HOME = { home: '/nonexistent' };

async function rootFlags(argv?: string[]): Promise<string[]> {
  const program = await buildProgram({ ctx: fakeContext(HOME).ctx, state: { exitCode: 0 } }, argv);
  return program.options.map((option) => option.long!);
}

describe('the global flags a run parses', () => {
  test('a run of one command: only the global flags it names, in every form', async () => {
    expect(await rootFlags(['inventory', 'list'])).toEqual(['--version']);
    const named = await rootFlags(['-qo', 'tsv', 'inventory', 'list', '--profile=shop', '--no-pager']);
    expect(named.sort()).toEqual(['--no-pager', '--output', '--profile', '--quiet', '--version']);
  });

  test('help, a group, the root, and a program built for every command: all of them', async () => {
    const all = await rootFlags();
    expect(all).toEqual(expect.arrayContaining(['--profile', '--base-url', '--output', '--json', '--jq', '--no-pager', '--no-color', '--quiet', '--debug']));
    for (const argv of [['inventory', 'list', '--help'], ['inventory', '-h', 'list'], ['help', 'inventory', 'list'], ['inventory'], [], ['inventry', 'list']]) {
      expect(await rootFlags(argv), argv.join(' ')).toEqual(all);
    }
  });

  test('the forms of a global flag work on a run of one command (-qo tsv, --output=json)', async () => {
    for (const argv of [['-qo', 'tsv', 'config', 'list'], ['config', 'list', '--output=json', '-q'], ['--output', 'json', 'config', 'list']]) {
      const result = await runCli(argv, HOME);
      expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
    }
  });

  test('"help inventory list" lists the global flags', async () => {
    const result = await runCli(['help', 'inventory', 'list'], HOME);
    expect(result.stdout).toMatch(/Global Options:[\s\S]*--profile <name>[\s\S]*--jq <expression>[\s\S]*--no-pager/);
  });

  test('a mistyped global flag on a run of one command gets its "did you mean" from all of them', async () => {
    const result = await runCli(['inventory', 'list', '--jsno'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option '--jsno'\n(Did you mean --json?)\n(run with --help for usage)\n");
  });
});
