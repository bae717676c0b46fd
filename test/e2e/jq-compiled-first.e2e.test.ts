// A --jq expression is compiled before anything is read or sent: every command that takes --jq,
// given one jq cannot compile, is exit 2 with jq's message, prints nothing, and has written
// nothing — no record on the server, no history entry, no setting.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type SampleFiles, commands, sampleFiles, samples } from './command-samples.js';
import { type Runner, cliFor, freshConfigDir, jsonData, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let files: SampleFiles;
let before: unknown;
let settingsBefore: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  const work = fileTempDir('rentals-jq-compile-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, work);
  before = await records();
  settingsBefore = ok(await rentals(['config', 'list', '-o', 'json'])).stdout;
});

afterAll(async () => {
  await sandbox.close();
});

/** Every record on the server (a snapshot's, without when it was taken). */
async function records(): Promise<unknown> {
  return (JSON.parse(ok(await rentals(['snapshot'])).stdout) as { resources: unknown }).resources;
}

/** The entries of the history: the samples' setup wrote one (an event updated). */
async function historyEntries(): Promise<number> {
  return jsonData(ok(await rentals(['history', '-o', 'json']))).length;
}

describe('a --jq expression jq cannot compile is refused before anything is read or sent', async () => {
  const takingJq = (await commands()).filter(([, command]) => (command.formats ?? []).includes('json'));

  test('the commands that take --jq include writes', () => {
    const words = takingJq.map(([w]) => w);
    expect(words).toEqual(expect.arrayContaining(['events add', 'prices set', 'prices import', 'config set']));
  });

  test.each([
    ['a syntax error', '.data[', 'syntax error'],
    ['an unknown function', '.data | nosuchfunction', 'nosuchfunction/0 is not defined'],
  ])('%s', async (_what, expression, said) => {
    const entries = await historyEntries();
    for (const [words] of takingJq) {
      const result = await rentals([...samples(files)[words]!.args, '--jq', expression], { input: '' });
      expect(result.code, `${words}: ${result.stderr}`).toBe(2);
      expect(result.stderr, words).toContain(`error: --jq ${JSON.stringify(expression)}: jq: error`);
      expect(result.stderr, words).toContain(said);
      expect(result.stdout, words).toBe('');
      expect(await historyEntries(), `${words} wrote a history entry`).toBe(entries);
    }
    expect(ok(await rentals(['config', 'list', '-o', 'json'])).stdout).toBe(settingsBefore);
    expect(await records()).toEqual(before);
  });
});
