// `rentals` for a real shell (bash, zsh, fish), run in the test's process: a small script on the
// shell's PATH (rentals-shim.sh, beside this file) hands its arguments, environment, working
// directory and stdin over a local socket to this process, which runs them through the runner
// given and answers with the exit code once stdout and stderr are written back. A real shell,
// without a Node start per command.

import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Socket, createServer } from 'node:net';
import { join } from 'node:path';
import type { RunResult } from '../e2e/harness.js';
import { fileTempDir } from './file-temp-dirs.js';

/** What a `rentals` typed in the shell asks for. */
export interface ShellRun {
  args: string[];
  env: Record<string, string>;
  cwd: string;
  stdin: string;
}

export interface ShellRentals {
  /** The directory of the `rentals` script: first on the shell's PATH. */
  binDir: string;
  /** What the shell's environment must hold for the script to find this process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Serves the `rentals` of shells until closed (with the test file, at the latest: its temp directory goes). */
export async function shellRentals(run: (asked: ShellRun) => Promise<RunResult>): Promise<ShellRentals> {
  const root = fileTempDir('rentals-shell-');
  const binDir = join(root, 'bin');
  const runs = join(root, 'runs');
  mkdirSync(binDir);
  mkdirSync(runs);
  copyFileSync(new URL('./rentals-shim.sh', import.meta.url), join(binDir, 'rentals'));
  chmodSync(join(binDir, 'rentals'), 0o755);

  /** One run: a line naming its directory (args, env, cwd, stdin there); answered with the exit code once stdout and stderr are written there. */
  async function answer(dir: string): Promise<number> {
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    const env = Object.fromEntries(
      read('env')
        .split('\0')
        .filter((entry) => entry.includes('='))
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    const result = await run({ args: read('args').split('\0').slice(0, -1), env, cwd: read('cwd'), stdin: read('stdin') });
    writeFileSync(join(dir, 'stdout'), result.stdout);
    writeFileSync(join(dir, 'stderr'), result.stderr);
    return result.code ?? 99;
  }

  const server = createServer((socket: Socket) => {
    let line = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      line += chunk;
      if (!line.includes('\n')) return;
      void answer(line.trim()).then(
        (code) => socket.end(`${code}\n`),
        (error: unknown) => socket.end(`99\n${String(error)}`),
      );
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return {
    binDir,
    env: { RENTALS_SHIM_PORT: String(port), RENTALS_SHIM_RUNS: runs },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
