// Every command of the registry, in each of the five text formats: a format its help lists is
// printed by each command that reads (a JSON document for json, a JSON value a line for ndjson, rows — never a JSON
// document — for csv and tsv), and every other is refused before anything is done, exit 2,
// naming the formats the command prints. --fields is refused where it picks nothing (a body as
// sent, a sentence, text).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { FIXED_NOW, openSandbox } from '../sandbox/helpers.js';
import { REFUSALS, type SampleFiles, commands, sampleFiles, samples, withoutSample } from './command-samples.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let files: SampleFiles;

const TEXT_FORMATS = ['table', 'tsv', 'csv', 'json', 'ndjson'] as const;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  const work = fileTempDir('rentals-formats-');
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, work);
});

afterAll(async () => {
  await sandbox.close();
});

/** What stdout must look like in a format the command lists (empty output is allowed: nothing to print). */
function expectShape(format: string, stdout: string, words: string): void {
  if (stdout === '') return;
  if (format === 'json') expect(() => JSON.parse(stdout), words).not.toThrow();
  if (format === 'ndjson') for (const line of stdout.trimEnd().split('\n')) expect(() => JSON.parse(line), `${words}: ${line}`).not.toThrow();
  if (format === 'csv' || format === 'tsv') expect(stdout.trimStart().startsWith('{'), `${words} -o ${format} printed a JSON document`).toBe(false);
}

describe('every command: the formats its help lists work, every other is refused', async () => {
  const all = await commands();

  test('every command has a sample', () => {
    expect(withoutSample(all, files)).toEqual([]);
  });

  test.each(all.map(([words, command]) => [words, command] as const))('%s', async (words, command) => {
    const sample = samples(files)[words]!;
    const listed = command.formats ?? [];
    for (const format of TEXT_FORMATS) {
      // A write is run in a listed format by the tests of its command (its sample here would write again).
      if (listed.includes(format) && !sample.reads) continue;
      const result = await rentals([...sample.args, '-o', format], { input: '' });
      if (listed.includes(format)) {
        expect([0, 1], `${words} -o ${format}: ${result.stderr}`).toContain(result.code);
        expectShape(format, result.stdout, words);
        continue;
      }
      expect(result.code, `${words} -o ${format}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`-o ${format}`);
      expect(result.stderr).toContain(listed.length === 0 ? 'takes no -o' : `use ${listed.join(', ')}`);
    }
  });

  const withoutColumns = all.filter(([, command]) => typeof command.view === 'string' && ['raw', 'text', 'done'].includes(command.view));
  test.each(withoutColumns.map(([words]) => [words] as const))('%s: --fields is refused (it prints no columns)', async (words) => {
    const result = await rentals([...samples(files)[words]!.args, '--fields', 'id'], { input: '' });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--fields');
    expect(result.stdout).toBe('');
  });
});

describe('a refused write, in every machine format its command prints: nothing on stdout but -o json\'s refusal', async () => {
  const all = new Map(await commands());
  const cases = Object.entries(REFUSALS).flatMap(([words, args]) =>
    (all.get(words)?.formats ?? ['(no such command)']).filter((format) => format !== 'table').map((format) => [words, format, args] as const),
  );

  test.each(cases)('%s -o %s', async (words, format, args) => {
    // At the sandbox's day: the events it holds are still to come (units owned are judged from now on).
    const result = await rentals([...args, '-o', format], { input: '', now: () => FIXED_NOW });
    expect(result.code, `${words} -o ${format}: ${result.stderr}`).toBe(1);
    expect(result.stderr).toMatch(/^error: /m);
    // -o json: the refusal with its ways out (a refusal for stock), or nothing.
    if (format === 'json' && result.stdout !== '') expect(JSON.parse(result.stdout)).toMatchObject({ data: [], refused: { message: expect.any(String) } });
    else expect(result.stdout, `${words} -o ${format}`).toBe('');
    // --out: the file a refusal prints nothing into is left as it was (json's gets the refusal).
    const out = join(fileTempDir('rentals-refused-'), `before.${format}`);
    writeFileSync(out, 'kept\n');
    const toFile = await rentals([...args, '-o', format, '--out', out], { input: '', now: () => FIXED_NOW });
    expect(toFile.code, `${words} -o ${format} --out: ${toFile.stderr}`).toBe(1);
    const written = readFileSync(out, 'utf8');
    if (format === 'json' && result.stdout !== '') expect(JSON.parse(written)).toMatchObject({ data: [], refused: { message: expect.any(String) } });
    else expect(written, `${words} -o ${format} --out`).toBe('kept\n');
  });
});

describe('the formats of the raw escape hatch and of a snapshot', () => {
  test('rentals api and rentals snapshot print JSON: -o csv is refused, -o json and --jq work, no -o prints the body', async () => {
    const csv = await rentals(['api', 'GET', '/v2/status', '-o', 'csv']);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('use json');
    expect((await rentals(['snapshot', '-o', 'tsv'])).code).toBe(2);
    expect(JSON.parse(ok(await rentals(['api', 'GET', '/v2/status'])).stdout).data.length).toBeGreaterThan(0);
    expect(ok(await rentals(['api', 'GET', '/v2/status', '--jq', '.data[0].id'])).stdout).toBe('1\n');
    expect(JSON.parse(ok(await rentals(['snapshot', '-o', 'json'])).stdout).resources).toBeDefined();
  });

  test('a profile or environment default format the command does not print gives way to the one it prints', async () => {
    const result = await cliFor(sandbox, freshConfigDir())(['api', 'GET', '/v2/status'], { env: { RENTALS_OUTPUT: 'csv' } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).data.length).toBeGreaterThan(0);
  });
});
