// The private spool of a bulk run (src/bulk/spool.ts: a copy of every row under $TMPDIR) is
// never left behind, Ctrl-C included: while rows are sent, on a second Ctrl-C, and while a dry
// run's plan is still being printed (the reader stalled, as a pager is). Its files are unlinked once
// opened: the child holds them (seen in /proc), $TMPDIR shows none, during the run or after.

import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type RunResult, cliEnv, startBin } from './harness.js';
import type { OpenSandbox } from './server-state.js';

const work = mkdtempSync(join(tmpdir(), 'rentals-spool-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const configDir = mkdtempSync(join(work, 'config-'));
/** The children's $TMPDIR: where their spools go, looked at after each run. */
const spools = join(work, 'tmp');
afterEach(() => rmSync(spools, { recursive: true, force: true }));

let sandbox: OpenSandbox;
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(() => sandbox.close());

function itemsFile(name: string, rows: number): string {
  const path = join(work, name);
  const lines = ['name,quantityAvailable,active'];
  for (let i = 0; i < rows; i++) lines.push(`${name} item ${i},1,1`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function spoolDirs(): string[] {
  return readdirSync(spools).filter((name) => name.startsWith('rentals-bulk-'));
}

/** The spool files the child holds open (Linux: /proc); unlinked once opened, so none is in $TMPDIR. */
function heldSpools(pid: number | undefined): string[] {
  return readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(spools) && target.includes('rentals-bulk-'));
}

function until(stream: NodeJS.ReadableStream, marker: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    stream.on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes(marker)) resolve();
    });
  });
}

function env(baseUrl = sandbox.url): Record<string, string> {
  mkdirSync(spools, { recursive: true });
  return { ...cliEnv(sandbox, configDir), RENTALS_BASE_URL: baseUrl, TMPDIR: spools };
}

describe('the spool is removed whichever way a run ends', () => {
  test('Ctrl-C while a dry run is printed (its reader stalled) removes it', { timeout: 30_000 }, async () => {
    const run = startBin(['inventory', 'import', itemsFile('shown', 5_000), '--dry-run'], { env: env(), timeoutMs: 25_000 });
    let said = '';
    run.child.stderr.on('data', (chunk: string) => (said += chunk));
    await until(run.child.stdout, 'create');
    run.child.stdout.pause(); // the plan is 5,000 lines (~800 KB, pipes hold 64 KiB): the child now waits for this reader
    expect(heldSpools(run.child.pid).length).toBeGreaterThan(0);
    expect(spoolDirs()).toEqual([]);
    expect(run.child.exitCode).toBeNull();
    expect(said).not.toContain('Dry run');
    run.child.kill('SIGINT');
    run.child.stdout.resume();
    const stopped = await run.done;
    expect(stopped.code).not.toBe(0);
    expect(spoolDirs()).toEqual([]);
  });

  test('Ctrl-C during the writes, and a second one, remove it', { timeout: 40_000 }, async () => {
    for (const times of [1, 2] as const) {
      const stopped = await interruptedWhileSending(['inventory', 'import', itemsFile(`sent${times}`, 50), '--concurrency', '2', '--yes'], times);
      expect(stopped.code, stopped.stderr).toBe(times === 2 ? 130 : 6);
      expect(spoolDirs()).toEqual([]);
    }
  });
});

test('Ctrl-C during apply of a plan file: the spool removed, the report named, no --resume (apply has none)', { timeout: 40_000 }, async () => {
  const { cliFor } = await import('./harness.js');
  const plan = join(work, 'stopped-plan.json');
  const report = join(work, 'stopped-report.ndjson');
  const made = await cliFor(sandbox, configDir)(['inventory', 'import', itemsFile('applied', 50), '--plan', plan]);
  expect(made.code, made.stderr).toBe(0);
  const stopped = await interruptedWhileSending(['inventory', 'apply', plan, '--report', report, '--concurrency', '2', '--yes'], 1);
  expect(stopped.code, stopped.stderr).toBe(6);
  expect(stopped.stderr).toContain(`${report} says why for each row`);
  expect(stopped.stderr).not.toContain('--resume');
  expect(spoolDirs()).toEqual([]);
});

/** `rentals …args` through a proxy that holds the POSTs after the 5th; Ctrl-C (`times` of them) once they are held. */
async function interruptedWhileSending(args: string[], times: 1 | 2): Promise<RunResult> {
  const proxy = await startFaultProxy({ target: sandbox.url });
  try {
    const held = proxy.gate((r) => r.method === 'POST', 5);
    const run = startBin(args, { env: env(proxy.url), timeoutMs: 25_000 });
    const stopping = until(run.child.stderr, 'Interrupted:');
    await held;
    expect(heldSpools(run.child.pid).length).toBeGreaterThan(0);
    expect(spoolDirs()).toEqual([]);
    run.child.kill('SIGINT');
    await stopping;
    if (times === 2) run.child.kill('SIGINT');
    else proxy.open();
    return await run.done;
  } finally {
    await proxy.close();
  }
}

describe('--plan names a file', () => {
  test('--plan - is refused before anything is read (apply reads "-" as stdin: the hint would be wrong)', async () => {
    const { cliFor } = await import('./harness.js');
    const { existsSync, rmSync: remove } = await import('node:fs');
    const stray = join(process.cwd(), '-');
    try {
      for (const args of [['inventory', 'import', itemsFile('dash', 2), '--plan', '-'], ['prices', 'adjust', '--percent', '5', '--plan', '-']]) {
        const result = await cliFor(sandbox, configDir)(args);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain('--plan: "-" is not a file here');
        expect(existsSync(stray)).toBe(false);
      }
    } finally {
      remove(stray, { force: true });
    }
  });
});

test('inventory import --plan of new items, then inventory apply: every item created', async () => {
  const { cliFor } = await import('./harness.js');
  const rentals = cliFor(sandbox, configDir);
  const plan = join(work, 'items-plan.json');
  const made = await rentals(['inventory', 'import', itemsFile('planned', 3), '--plan', plan]);
  expect(made.code, made.stderr).toBe(0);
  const applied = await rentals(['inventory', 'apply', plan, '--yes']);
  expect(applied.code, applied.stderr).toBe(0);
  expect(applied.stderr).toMatch(/^3 rows: 3 created/m);
});
