// When the write was made and only printing its result fails (--jq failing on the answer, stdout
// refusing the bytes), the exit code must not say "nothing was sent" (2), or a script that retries
// on failure writes twice: one line on stderr says the changes were made and how to take them
// back, exit 1, no stack trace. A read whose stdout fails says so, exit 1.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { openSandbox } from '../sandbox/helpers.js';
import { BIN, type RunResult, type Runner, cliEnv, cliFor, freshConfigDir, jsonData, ok } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let sandbox: Sandbox;
let rentals: Runner;
let configDir: string;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  configDir = freshConfigDir();
  rentals = cliFor(sandbox, configDir);
});

afterAll(async () => {
  await sandbox.close();
});

/** A standard output on a full disk: every write fails with ENOSPC, as writing to /dev/full does. */
function fullDisk(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
    },
  });
}

const MADE = 'error: the changes were made, but their output could not be printed: ';
const NOT_RECORDED = 'It is not in the history (rentals api writes are not recorded), so rentals undo cannot take it back.';

/** The history entry the message names: it holds the write. */
async function namedEntry(result: RunResult): Promise<string> {
  const named = /rentals undo (\S+) takes it back/.exec(result.stderr.slice(result.stderr.indexOf(MADE)))?.[1];
  expect(named, result.stderr).toBeDefined();
  const entries = jsonData(ok(await rentals(['history', '-o', 'json'])));
  expect(entries.map((entry) => String(entry.id))).toContain(named);
  return named!;
}

function expectNoStack(result: RunResult): void {
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toContain('unexpected error');
}

describe('a --jq that fails on the answer of a write', () => {
  test('events add --jq .data.id: exit 1 (not 2), the changes were made, the undo entry named, the event exists', async () => {
    const result = await rentals(['events', 'add', '--event-name', 'JQ party', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily', '--start-date', '+50d', '--end-date', '+50d', '--jq', '.data.id']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${MADE}--jq ".data.id": jq: error`);
    expect(result.stderr).toContain('Cannot index array with string ("id")');
    expectNoStack(result);
    await namedEntry(result);
    const found = jsonData(ok(await rentals(['events', 'list', '--search', 'JQ party', '--json'])));
    expect(found.map((event) => event.eventName)).toEqual(['JQ party']);
  });

  test('rentals api POST --jq .data.id: exit 1 (not 2), the changes were made, not in the history, the record exists', async () => {
    const result = await rentals(['api', 'POST', '/v2/inventory', '--data', JSON.stringify({ name: 'Raw jq tent', quantityAvailable: 2, active: 1 }), '--jq', '.data.id']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${MADE}--jq ".data.id": jq: error`);
    expect(result.stderr).toContain(NOT_RECORDED);
    expect(result.stderr).not.toContain('takes it back.');
    expectNoStack(result);
    const items = jsonData(ok(await rentals(['inventory', 'list', '--json'])));
    expect(items.filter((item) => item.name === 'Raw jq tent')).toHaveLength(1);
  });

  test('rentals api GET whose --jq fails on the answer stays a usage error (exit 2: nothing was changed)', async () => {
    const result = await rentals(['api', 'GET', '/v2/inventory', '--jq', '.data.id']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --jq ".data.id": jq: error .*Cannot index array with string \("id"\)\n$/);
  });

  test('a read whose --jq fails on the data stays a usage error (exit 2: nothing was changed)', async () => {
    const result = await rentals(['inventory', 'list', '--jq', '.data.id']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: --jq ".data.id": jq: error');
  });
});

describe('standard output failing (ENOSPC)', () => {
  test('after a write: exit 1, the changes were made, the undo entry named, the price written', async () => {
    const result = await rentals(['prices', 'set', '--inventory-id', 'id:1', '--rental-block-id', 'Daily', '--price', '456', '-o', 'json'], { stdout: fullDisk() });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${MADE}ENOSPC: no space left on device, write`);
    expectNoStack(result);
    await namedEntry(result);
    const prices = jsonData(ok(await rentals(['prices', 'list', '--inventory-id', 'id:1', '--json'])));
    expect(prices.map((price) => Number(price.price))).toContain(456);
  });

  test('after a bulk run: every row applied, the report kept, exit 1 with the undo entry', async () => {
    const report = join(fileTempDir('rentals-full-'), 'adjust.ndjson');
    const result = await rentals(['prices', 'adjust', '--percent', '1', '--yes', '--report', report, '-o', 'json'], { stdout: fullDisk() });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${MADE}ENOSPC: no space left on device, write`);
    expectNoStack(result);
    expect(existsSync(report)).toBe(true);
    await namedEntry(result);
  });

  test("an error answer whose body cannot be printed keeps its own exit code (4), the failure to print said first", async () => {
    const result = await rentals(['api', 'GET', '/v2/inventory/99999'], { stdout: fullDisk() });
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/^error: the output could not be printed: ENOSPC: no space left on device, write\nerror: .*404/);
    expectNoStack(result);
  });

  test('after a rentals api write: exit 1, the changes were made, not in the history, the record exists', async () => {
    const result = await rentals(['api', 'POST', '/v2/inventory', '--data', JSON.stringify({ name: 'Raw full-disk tent', quantityAvailable: 1, active: 1 })], { stdout: fullDisk() });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe(`${MADE}ENOSPC: no space left on device, write\n${NOT_RECORDED}\n`);
    const items = jsonData(ok(await rentals(['inventory', 'list', '--json'])));
    expect(items.filter((item) => item.name === 'Raw full-disk tent')).toHaveLength(1);
  });

  test('after a read: "cannot write to standard output", exit 1, no stack trace', async () => {
    const result = await rentals(['inventory', 'list', '-o', 'json'], { stdout: fullDisk() });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe('error: cannot write to standard output: ENOSPC: no space left on device, write\n');
  });
});

describe('the binary writing to /dev/full', () => {
  const full = existsSync('/dev/full');
  if (!full) console.warn('SKIPPED: /dev/full does not exist here: the spawned test of a full standard output does not run');

  /** `rentals …args > /dev/full`: the built binary, its stdout on a device that is always full. */
  async function toDevFull(args: string[]): Promise<RunResult> {
    const env = { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...cliEnv(sandbox, configDir) };
    const stdout = openSync('/dev/full', 'w');
    return new Promise<RunResult>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', stdout, 'pipe'] });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    }).finally(() => closeSync(stdout));
  }

  test.skipIf(!full)('rentals prices adjust --yes > /dev/full: the rows applied, one line on stderr, no stack trace, exit 1 (--version too)', async () => {
    const report = join(fileTempDir('rentals-devfull-'), 'adjust.ndjson');
    const result = await toDevFull(['prices', 'adjust', '--percent', '1', '--yes', '--report', report]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${MADE}ENOSPC: no space left on device, write`);
    expect(result.stderr).toMatch(/rentals undo \S+ takes it back/);
    expectNoStack(result);
    expect(result.stderr).not.toContain('main.cjs');
    expect(existsSync(report)).toBe(true);
    // The version, answered without loading the CLI, says it the same way.
    expect(await toDevFull(['--version'])).toEqual({ code: 1, stdout: '', stderr: 'error: cannot write to standard output: ENOSPC: no space left on device, write\n' });
  });
});

