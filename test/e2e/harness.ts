// Runs the built bin/rentals.js as a user would, against a sandbox on an ephemeral port.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/rentals.js', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'rentals-e2e-'));
}

/** Spawns `node bin/rentals.js …args`; stdin is a pipe (not a TTY), so is stdout. */
export function runBin(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return startBin(args, options).done;
}

/** runBin, with the child at hand while it runs (to send it SIGINT). */
export function startBin(args: string[], options: RunOptions = {}): { child: ChildProcessWithoutNullStreams; done: Promise<RunResult> } {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ PATH: process.env.PATH, LANG: 'C.UTF-8', ...options.env })) {
    if (v !== undefined) env[k] = v;
  }
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<RunResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rentals ${args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  child.stdin.end(options.input ?? '');
  return { child, done };
}

/** A `rentals` bound to one sandbox and one throwaway config directory. */
export function cliFor(sandbox: { url: string; token: string }, configDir = freshConfigDir()) {
  return (args: string[], options: RunOptions = {}) => runBin(args, { ...options, env: { ...cliEnv(sandbox, configDir), ...options.env } });
}

/** The environment that points `rentals` at a sandbox, with a throwaway config directory. */
export function cliEnv(sandbox: { url: string; token: string }, configDir = freshConfigDir()): Record<string, string> {
  return { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: sandbox.token, RENTALS_CONFIG_DIR: configDir, HOME: configDir };
}

export function jsonData(result: RunResult): Array<Record<string, unknown>> {
  const body = JSON.parse(result.stdout) as { data: Array<Record<string, unknown>> };
  return body.data;
}
