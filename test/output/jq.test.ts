// --jq's filter itself (src/output/jq.ts): what jq prints is printed as jq prints it, whatever the
// size of the command's output.

import { describe, expect, test, vi } from 'vitest';
import { OutputFailure, UsageError } from '../../src/errors.js';
import { compileJq, runJq } from '../../src/output/jq.js';

describe('runJq', () => {
  test('prints each output on its own line, strings raw, other values as compact JSON', async () => {
    expect(await runJq('{"data":[{"id":1,"name":"Tent"},{"id":2,"name":"Chair"}]}', '.data[] | .name, {id}')).toBe('Tent\n{"id":1}\nChair\n{"id":2}\n');
  });

  test('prints what jq prints, exactly: spaces at the ends, empty strings, an empty last column of @tsv', async () => {
    expect(await runJq('[" a ", "", "b "]', '.[]')).toBe(' a \n\nb \n');
    expect(await runJq('""', '.')).toBe('\n');
    expect(await runJq('[[1, ""], [2, ""]]', '.[] | @tsv')).toBe('1\t\n2\t\n');
    expect(await runJq('[1]', 'empty')).toBe('');
  });

  test('on several values (-o ndjson, one a line): the expression runs on each, and only what it prints is printed', async () => {
    const ndjson = '{"id":1,"name":"Tent"}\n{"id":2,"name":"Chair"}\n{"id":3,"name":""}\n';
    expect(await runJq(ndjson, '.name')).toBe('Tent\nChair\n\n');
    expect(await runJq(ndjson, '{id}')).toBe('{"id":1}\n{"id":2}\n{"id":3}\n');
    expect(await runJq(ndjson, 'select(.id == 2) | .name')).toBe('Chair\n');
    expect(await runJq('{"id":1}\n{"id":2}\n', '[., input] | map(.id)')).toBe('[1,2]\n'); // input reads the next value, as in jq
  });

  test('an expression may end in a comment, define functions, halt, or start with a minus sign', async () => {
    expect(await runJq('[1, 2]', '.[] # the ids')).toBe('1\n2\n');
    expect(await runJq('[1, 2]', 'def twice: . * 2; .[] | twice')).toBe('2\n4\n');
    expect(await runJq('[" a", 2]', '.[0], halt')).toBe(' a\n');
    expect(await runJq('null', '-1')).toBe('-1\n');
    await expect(compileJq('-1')).resolves.toBeUndefined();
  });

  test('filters a command output of several megabytes (jq reads its input as it goes, never a byte at a time)', async () => {
    const events = Array.from({ length: 20_000 }, (_, id) => ({ id, eventName: `Event ${id}`, notes: 'x'.repeat(60) }));
    const json = JSON.stringify({ data: events });
    expect(json.length).toBeGreaterThan(2_000_000);
    expect(await runJq(json, '.data | length')).toBe('20000\n');
    // The output as large as the input: every record back, one per line.
    expect((await runJq(json, '.data[]')).split('\n')).toHaveLength(20_001);
  });

  test('a run that needs more memory than jq inside rentals has is an output failure saying so, and jq still runs after it', async () => {
    const said = vi.spyOn(console, 'error');
    try {
      await expect(runJq('null', '"x" * 300000000 | length')).rejects.toThrow(OutputFailure);
      await expect(runJq('null', '"x" * 300000000 | length')).rejects.toThrow(/jq ran out of memory \(the JSON is 0\.0 MB\): for output this large, pipe -o json to jq instead$/);
      expect(said).not.toHaveBeenCalled();
    } finally {
      said.mockRestore();
    }
    expect(await runJq('[1]', '.[]')).toBe('1\n');
  });

  test('a filter that fails on the data is an output failure with jq\'s words', async () => {
    await expect(runJq('{"data":[1]}', '.data.id')).rejects.toThrow(OutputFailure);
    await expect(runJq('{"data":[1]}', '.data.id')).rejects.toThrow(/^--jq "\.data\.id": jq: error .*Cannot index array/);
  });
});

describe('compileJq', () => {
  test('an expression jq cannot compile is a usage error naming it; one it can passes', async () => {
    await expect(compileJq('.data[')).rejects.toThrow(UsageError);
    await expect(compileJq('.data[')).rejects.toThrow(/^--jq "\.data\[": jq: error: syntax error/);
    await expect(compileJq('.data[] | {id}')).resolves.toBeUndefined();
  });

  test('leaves the process\'s exit code as it was, unset or set (jq\'s own is not the tool\'s)', async () => {
    const before = process.exitCode;
    try {
      for (const code of [undefined, 6]) {
        process.exitCode = code;
        await compileJq('.data[').catch(() => undefined);
        await runJq('{}', 'error("boom")').catch(() => undefined);
        await runJq('{}', '.');
        expect(process.exitCode).toBe(code);
      }
    } finally {
      process.exitCode = before;
    }
  });
});
