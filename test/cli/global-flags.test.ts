// The global flags of a run: a run of one command parses only the ones its command line names
// (startup: each costs commander ~14 µs), while help, "did you mean" and every form of a flag
// (`--output=json`, `-qo json`) still see all of them.

import { describe, expect, expectTypeOf, test } from 'vitest';
import { SETTINGS } from '../../src/config/settings-table.js';
import { GLOBAL_FLAGS, GLOBAL_FLAG_LINES, GLOBAL_GROUPS, type GlobalOptions } from '../../src/cli/global-flags.js';
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

  test('"help inventory list" names the global flags in one line; "help options" lists them', async () => {
    const result = await runCli(['help', 'inventory', 'list'], HOME);
    expect(result.stdout).toContain('Global options (rentals help options): -h, --profile, -o, --json, --jq, -q, …');
    expect((await runCli(['help', 'options'], HOME)).stdout).toMatch(/--profile <name>[\s\S]*--jq <expression>[\s\S]*--no-pager/);
  });

  test('a mistyped global flag on a run of one command gets its "did you mean" from all of them', async () => {
    const result = await runCli(['inventory', 'list', '--jsno'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option '--jsno'\n(Did you mean --json?)\n(run with --help for usage)\n");
  });
});

describe('the global flags as data', () => {
  test('what a run reads is typed from the declaration: the settings table for a setting, the own entries for the rest', () => {
    expectTypeOf<GlobalOptions>().toEqualTypeOf<{
      profile?: string;
      baseUrl?: string;
      webUrl?: string;
      tokenFile?: string;
      output?: string;
      timezone?: string;
      holds?: string;
      timeout?: string;
      retries?: string;
      color?: boolean;
      allowInsecureTokenFile?: true;
      out?: string;
      json?: true;
      fields?: string;
      jq?: string;
      pager?: boolean;
      quiet?: true;
      verbose?: true;
      debug?: true;
    }>();
    const globals: GlobalOptions = { quiet: true };
    // @ts-expect-error a misspelt global flag does not compile
    void globals.quite;
  });

  test('each flag is read back under its key, and every setting with a flag is one of them', async () => {
    const program = await buildProgram({ ctx: fakeContext(HOME).ctx, state: { exitCode: 0 } });
    const byKey = new Map(program.options.filter((o) => o.long !== '--version').map((o) => [o.attributeName(), o]));
    expect([...byKey.keys()].sort()).toEqual(Object.keys(GLOBAL_FLAGS).sort());
    const settingFlags = SETTINGS.filter((s) => s.flag).map((s) => s.flag!.usage);
    expect(GLOBAL_FLAG_LINES.map((line) => line.usage)).toEqual(expect.arrayContaining(settingFlags));
  });

  test('rentals help options lists them from the declaration, group by group, each with its help line', async () => {
    const result = await runCli(['help', 'options'], HOME);
    let at = 0;
    for (const line of GLOBAL_FLAG_LINES) {
      const found = result.stdout.indexOf(line.usage, at);
      expect(found, `${line.usage} after the flags before it`).toBeGreaterThan(at);
      expect(result.stdout.slice(found, found + 200).replace(/\s+/g, ' ')).toContain(line.help.slice(0, 24));
      at = found;
    }
    expect(GLOBAL_FLAG_LINES.map((line) => line.group)).toEqual([...GLOBAL_FLAG_LINES.map((line) => line.group)].sort((a, b) => Object.keys(GLOBAL_GROUPS).indexOf(a) - Object.keys(GLOBAL_GROUPS).indexOf(b)));
  });
});
