// Completion of the values a flag or a positional argument takes when they are a fixed set the
// tool knows (report kinds, --by groupings, --range names, config keys, --paper, --api-version, a
// command's -o formats): generated from the command tree, for every command, every flag and every
// argument that declares such a set, `__complete` offers exactly that set, filtered by the typed
// prefix, in the lines bash, zsh and fish read. The values come from the declarations the parsing
// uses (registry/flags.ts), so the two cannot disagree.

import type { Argument, Command, Option } from 'commander';
import { describe, expect, test } from 'vitest';
import { resolveSettings } from '../../src/config/settings.js';
import { PAPER_SIZES } from '../../src/config/settings-table.js';
import { KEYS } from '../../src/app/config.js';
import { REPORT_GROUPINGS, REPORT_KINDS } from '../../src/domain/report-grouping.js';
import { RANGE_WORDS } from '../../src/domain/dates.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { buildProgram } from '../../src/cli/program.js';
import { completeView } from '../../src/cli/completion/run.js';
import { declaredArgumentValues, declaredOptionValues } from '../../src/cli/registry/flags.js';
import { outputOf } from '../../src/cli/registry/spec.js';
import type { Settings } from '../../src/config/settings.js';
import { FIXED_NOW, fakeContext, runCli } from '../helpers/fake-context.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const home = fileTempDir('rentals-completion-values-');
const root: Command = await buildProgram({ ctx: fakeContext({ home }).ctx, state: { exitCode: 0 } });
const settings: Settings = await resolveSettings({}, { RENTALS_CONFIG_DIR: home }, home);


type Shell = 'bash' | 'zsh' | 'fish';

/** What `rentals __complete --shell <shell>` prints for the words after `rentals`, the last being completed. */
async function answer(shell: Shell, words: string[]): Promise<string[]> {
  const deps = {
    settings: () => ({ ...settings }),
    now: () => FIXED_NOW,
    api: () => {
      throw new Error('a fixed set of values needs no request');
    },
  };
  const topics = () => HELP_TOPICS.map((t) => t.name);
  // bash as its script calls it: the line up to the cursor, and the text readline replaces.
  const bash = shell === 'bash' ? { line: `rentals ${words.join(' ')}`, replaced: words.at(-1)! } : undefined;
  const view = await completeView(deps, root, shell, shell === 'bash' ? [] : words, topics, bash);
  return view.text.split('\n').filter(Boolean);
}

/** The values offered, whatever the shell's format (zsh `value:description`, fish `value\tdescription`, bash `value `). */
function valuesIn(shell: Shell, lines: string[]): string[] {
  return lines.map((line) => (shell === 'fish' ? line.split('\t')[0]! : shell === 'zsh' ? line.split(/(?<!\\):/)[0]!.replace(/\\:/g, ':') : line.replace(/ $/, '')));
}

const SHELL_NAMES: Shell[] = ['bash', 'zsh', 'fish'];

/** Every command of the tree with the words that name it (`['report']`, `['config', 'set']`). */
function commandsOf(command: Command, path: string[] = []): Array<{ command: Command; path: string[] }> {
  const out: Array<{ command: Command; path: string[] }> = [];
  for (const sub of command.commands) {
    if ((sub as Command & { _hidden?: boolean })._hidden) continue;
    out.push({ command: sub, path: [...path, sub.name()] }, ...commandsOf(sub, [...path, sub.name()]));
  }
  return out;
}

interface Case {
  title: string;
  /** The words before the one being completed. */
  before: string[];
  values: readonly string[];
}

/** Every flag and argument of every command that declares a fixed set of values. */
function declaredCases(): Case[] {
  const cases: Case[] = [];
  for (const { command, path } of [{ command: root, path: [] }, ...commandsOf(root)]) {
    for (const option of command.options as Option[]) {
      const values = declaredOptionValues(option);
      // -o: the formats of the command it is given to (the test below).
      if (values && option.long && option.long !== '--output') cases.push({ title: `${path.join(' ')} ${option.long}`, before: [...path, option.long], values });
    }
    const filled: string[] = [];
    (command.registeredArguments as Argument[]).forEach((argument, index) => {
      const values = declaredArgumentValues(argument, filled);
      if (values) cases.push({ title: `${path.join(' ')} <${argument.name()}> (argument ${index + 1})`, before: [...path, ...filled], values });
      filled.push(values?.[0] ?? 'x');
    });
  }
  return cases;
}

/** The values starting with `prefix`, case aside: what a typed prefix leaves. */
const startingWith = (values: readonly string[], prefix: string) => values.filter((v) => v.toLowerCase().startsWith(prefix.toLowerCase()));

describe('completion of the fixed values a command declares', () => {
  test('the commands the trial named complete their words (bash, as its script calls __complete)', async () => {
    expect(valuesIn('bash', await answer('bash', ['report', '']))).toEqual(['utilization', 'revenue']);
    expect(valuesIn('bash', await answer('bash', ['report', 'revenue', '--by', '']))).toEqual(['item', 'month', 'status']);
    expect(valuesIn('bash', await answer('bash', ['agenda', '--range', '']))).toEqual(expect.arrayContaining(['today', 'weekend', 'next-week', 'this-month']));
    expect(valuesIn('bash', await answer('bash', ['config', 'set', '']))).toEqual(expect.arrayContaining(['base-url', 'output', 'paper', 'timezone']));
    expect(valuesIn('bash', await answer('bash', ['agenda', '--range', 'next-w']))).toEqual(['next-weekend', 'next-week']);
  });

  test('they are the sets the parsing checks against', async () => {
    expect(valuesIn('fish', await answer('fish', ['report', '']))).toEqual([...REPORT_KINDS]);
    expect(valuesIn('fish', await answer('fish', ['report', 'utilization', '--by', '']))).toEqual([...REPORT_GROUPINGS]);
    expect(valuesIn('fish', await answer('fish', ['agenda', '--range', '']))).toEqual([...RANGE_WORDS]);
    for (const verb of ['get', 'set', 'unset']) expect(valuesIn('zsh', await answer('zsh', ['config', verb, '']))).toEqual([...KEYS.keys()]);
    expect(valuesIn('zsh', await answer('zsh', ['timeline', '--paper', '']))).toEqual([...PAPER_SIZES]);
  });

  test('config set completes the value of a key that takes a fixed set', async () => {
    expect(valuesIn('bash', await answer('bash', ['config', 'set', 'paper', '']))).toEqual([...PAPER_SIZES]);
    expect(valuesIn('bash', await answer('bash', ['config', 'set', 'output', 'n']))).toEqual(['ndjson']);
    expect(valuesIn('fish', await answer('fish', ['config', 'set', 'timezone', 'Europe/Be']))).toContain('Europe/Berlin');
    expect(valuesIn('fish', await answer('fish', ['config', 'set', 'currency', 'EU']))).toEqual(['EUR']);
    expect(await answer('bash', ['config', 'set', 'base-url', ''])).toEqual([]);
  });

  test('-o offers the formats the command prints, and only those', async () => {
    expect(valuesIn('fish', await answer('fish', ['agenda', '-o', '']))).toContain('ics');
    expect(valuesIn('fish', await answer('fish', ['inventory', 'list', '-o', '']))).not.toContain('ics');
    expect(valuesIn('fish', await answer('fish', ['timeline', '--output=']))).toEqual(expect.arrayContaining(['--output=html', '--output=pdf']));
  });

  const cases = declaredCases();

  test('the tree declares the sets completion is expected to know', () => {
    const titles = cases.map((c) => c.title);
    for (const expected of ['report <utilization|revenue>', 'report --by', 'agenda --range', 'config get <key>', 'config set <key>', 'config unset <key>', 'timeline --paper', 'inventory list --api-version', 'completion <shell>', 'inventory import --format', 'api <method>', ' --timezone']) {
      expect(titles.some((t) => t.startsWith(expected)), `${expected} among ${titles.length} declared sets`).toBe(true);
    }
  });

  test.each(SHELL_NAMES)('%s: every declared set is offered whole, and filtered by a typed prefix', async (shell) => {
    for (const { title, before, values } of cases) {
      expect(valuesIn(shell, await answer(shell, [...before, ''])), title).toEqual([...new Set(values)]);
      const prefix = values[0]!.slice(0, 2).toUpperCase();
      expect(valuesIn(shell, await answer(shell, [...before, prefix])), `${title}, typed ${prefix}`).toEqual([...new Set(startingWith(values, prefix))]);
    }
  });

  test.each(SHELL_NAMES)('%s: every command with -o offers its own formats', async (shell) => {
    for (const { command, path } of commandsOf(root)) {
      const formats = outputOf(command)?.formats;
      if (!formats) continue;
      expect(valuesIn(shell, await answer(shell, [...path, '-o', ''])), path.join(' ')).toEqual([...formats]);
    }
  });

  test('a command offers only the output flags it takes', async () => {
    const OUTPUT_FLAGS = ['--output', '--json', '--jq', '--fields', '--out'];
    const offered = async (words: string[]) => valuesIn('fish', await answer('fish', [...words, '--'])).filter((flag) => OUTPUT_FLAGS.includes(flag));
    expect(await offered(['inventory', 'list'])).toEqual(expect.arrayContaining(OUTPUT_FLAGS));
    // Text with its records as JSON: no columns to pick.
    expect((await offered(['auth', 'status'])).sort()).toEqual(['--jq', '--json', '--out', '--output']);
    // A shell script: no -o, but a file to write it to.
    expect(await offered(['completion'])).toEqual(['--out']);
    expect(await offered(['sandbox'])).toEqual([]);
    expect(await offered(['mcp'])).toEqual([]);
    // A group lists every global flag: the command after it decides.
    expect(await offered([])).toEqual(expect.arrayContaining(OUTPUT_FLAGS));
  });

  test('the hidden __complete answers the trial in process', async () => {
    const result = await runCli(['__complete', '--shell', 'bash', '--line=rentals report revenue --by ', '--replaced='], { home });
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(['item', 'month', 'status']);
  });
});
