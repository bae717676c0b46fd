// Every command of the registry that reads and prints both -o json and -o ndjson: each ndjson
// line carries the values of the json record it comes from (docs/scripting.md: numbers as numbers,
// true/false), never the text a table shows ("428.00", an empty cell for false). A line is the
// json's record at the same place when there are as many lines as records and it has the line's
// id; otherwise (a load sheet's line per event and direction, a history's per record written) one
// of the records nested in the json that has its id. Where the json holds a number, a boolean or null, the line holds the
// same; where it holds text, text. A record as the service sent it (`-o json` of a list: `"active": 1`)
// is compared as ndjson normalises it (`true`).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type SampleFiles, commands, sampleFiles, samples } from './command-samples.js';
import { type Runner, cliFor, freshConfigDir, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;
type Json = Record<string, unknown>;

let sandbox: Sandbox;
let rentals: Runner;
let files: SampleFiles;
/** The seeded events' first and last day: the calendar commands are run over them, so that they print rows. */
let seeded: { from: string; to: string };

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox, freshConfigDir());
  files = await sampleFiles(rentals, fileTempDir('rentals-ndjson-'));
  const days = (JSON.parse(ok(await rentals(['events', 'list', '-o', 'json'])).stdout).data as Json[]).map((e) => String(e.startDate).slice(0, 10)).sort();
  seeded = { from: days[0]!, to: days.at(-1)! };
});

afterAll(async () => {
  await sandbox.close();
});

/** The records of a json output: its `data`, or the array itself (an export). */
function jsonRecords(stdout: string): Json[] {
  const parsed = JSON.parse(stdout) as unknown;
  const data = Array.isArray(parsed) ? parsed : (parsed as Json).data;
  return Array.isArray(data) ? data.filter((r): r is Json => typeof r === 'object' && r !== null) : [];
}

/** Every object nested in `value`, each with the scalar values of the objects around it that it has not itself (a day's date). */
function nested(value: unknown, around: Json = {}): Json[] {
  if (Array.isArray(value)) return value.flatMap((v) => nested(v, around));
  if (typeof value !== 'object' || value === null) return [];
  const own = value as Json;
  const scalars = Object.fromEntries(Object.entries(own).filter(([, v]) => typeof v !== 'object' || v === null));
  const record = { ...around, ...own };
  return [record, ...Object.values(own).flatMap((v) => nested(v, { ...around, ...scalars }))];
}

/** The keys where `line` does not carry the value of `record`: a number, boolean or null the same, text as text. */
function disagreements(line: Json, record: Json): string[] {
  const wrong: string[] = [];
  for (const [key, expected] of Object.entries(record)) {
    if (!(key in line)) continue;
    const actual = line[key];
    if (typeof expected === 'string' ? typeof actual !== 'string' : (typeof expected !== 'object' || expected === null) && actual !== expected) {
      wrong.push(`${key}: json ${JSON.stringify(expected)}, ndjson ${JSON.stringify(actual)}`);
    }
  }
  return wrong;
}

/** A 0 or 1 the service sends for a flag, as ndjson normalises it, where the line has true/false. */
function normalisedFlags(record: Json, line: Json): Json {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof line[k] === 'boolean' && (v === 0 || v === 1) ? v === 1 : v]));
}

describe('-o ndjson carries the values of -o json', async () => {
  const both = (await commands()).filter(([words, command]) => {
    const formats = command.formats ?? [];
    return formats.includes('json') && formats.includes('ndjson') && samples({ csv: '', plan: '', before: '', after: '' })[words]?.reads === true;
  });

  test('the commands compared include the calendar views', () => {
    expect(both.map(([words]) => words)).toEqual(expect.arrayContaining(['agenda', 'load-sheet', 'availability', 'inventory list', 'events list']));
  });

  test.each(both.map(([words]) => [words] as const))('%s', async (words) => {
    const args = ['agenda', 'load-sheet'].includes(words) ? [words, '--from', seeded.from, '--to', seeded.to] : samples(files)[words]!.args;
    const json = await rentals([...args, '-o', 'json'], { input: '' });
    const ndjson = await rentals([...args, '-o', 'ndjson'], { input: '' });
    expect([0, 1], json.stderr).toContain(json.code);
    expect(ndjson.code, ndjson.stderr).toBe(json.code);
    const records = jsonRecords(json.stdout);
    const lines = ndjson.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Json);
    if (records.length > 0) expect(lines.length, `${words}: ndjson printed nothing`).toBeGreaterThan(0);
    const candidates = nested(records);
    lines.forEach((line, i) => {
      const atPlace = lines.length === records.length && records[i]!.id === line.id ? [records[i]!] : [];
      const own = atPlace.length > 0 ? atPlace : candidates.filter((r) => r.id === line.id && (line.date === undefined || r.date === line.date));
      expect(own.length, `${words}: line ${i + 1} comes from no json record: ${JSON.stringify(line)}`).toBeGreaterThan(0);
      const found = own.map((record) => disagreements(line, normalisedFlags(record, line)));
      expect(found.some((wrong) => wrong.length === 0), `${words}, line ${i + 1}:\n${found.map((w) => w.join('\n')).join('\n--\n')}`).toBe(true);
    });
  });
});
