// The "Required:" line of every `add --help` names exactly the flags whose absence `add` refuses:
// each one left out in turn is refused naming it, and a flag of the resource's example that the
// line does not name (a booking's --price, filled from the rental block) is not refused as missing.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceList } from '../../src/resources/definitions.js';
import { readLine } from '../docs/shell-words.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor, freshConfigDir } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox, freshConfigDir());
});

afterAll(async () => {
  await sandbox.close();
});

/** The example's flags and their values: `--quantity 2` → ['--quantity', '2']. */
function flagPairs(words: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < words.length; i += 2) {
    expect(words[i], words.join(' ')).toMatch(/^--[a-z]/);
    pairs.push([words[i]!, words[i + 1]!]);
  }
  return pairs;
}

/** The flags of the help's "Required:" line, wrapped or not. */
function requiredFlags(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Required: '));
  expect(start, help).toBeGreaterThanOrEqual(0);
  const flags = lines[start]!.slice('Required: '.length).split(/,\s*|\s+/);
  for (const line of lines.slice(start + 1)) {
    const words = line.trim().split(/,\s*|\s+/);
    if (line.trim() === '' || !words.every((word) => /^--[a-z][a-z0-9-]*$/.test(word) || word === '')) break;
    flags.push(...words);
  }
  return flags.filter((flag) => flag !== '');
}

function without(pairs: ReadonlyArray<[string, string]>, flag: string): string[] {
  return pairs.filter(([name]) => name !== flag).flat();
}

const adders = resourceList.filter((def) => def.verbs.includes('add'));

describe.each(adders.map((def) => [def.command, def] as const))('%s add', (command, def) => {
  // The words after `rentals`.
  const words = readLine(def.examples!.add![0]!).words!;
  const pairs = flagPairs(words.slice(2));

  async function requiredLine(): Promise<string[]> {
    const help = await rentals([command, 'add', '--help']);
    expect(help.code, help.stderr).toBe(0);
    return requiredFlags(help.stdout);
  }

  test('the example gives every flag the Required line names', async () => {
    expect(words.slice(0, 2)).toEqual([command, 'add']);
    const given = pairs.map(([name]) => name);
    for (const flag of await requiredLine()) expect(given, flag).toContain(flag);
  });

  test('each flag on the Required line, left out, is refused naming it (nothing sent)', async () => {
    for (const flag of await requiredLine()) {
      const result = await rentals([command, 'add', ...without(pairs, flag), '--dry-run']);
      expect(result.code, `${flag}: ${result.stderr}`).toBe(2);
      expect(result.stderr, flag).toMatch(new RegExp(`${flag}\\b[^\\n]*required`));
    }
  });

  test('a flag of the example not on the Required line, left out, is not refused for being missing (the dry run goes through)', async () => {
    const required = await requiredLine();
    for (const [flag] of pairs.filter(([name]) => !required.includes(name))) {
      const result = await rentals([command, 'add', ...without(pairs, flag), '--dry-run']);
      expect(result.stderr, flag).not.toMatch(/required/);
      expect(result.code, `${flag}: ${result.stderr}`).toBe(0);
    }
  });
});
