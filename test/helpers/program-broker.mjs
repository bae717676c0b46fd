// The process that starts the programs of a test worker (test/helpers/programs.ts): a request per
// line on stdin, `{ id, file, args, env, cwd, input, timeoutMs }`; an answer per line on stdout,
// `{ id, status, signal, stdout, stderr, timedOut, error }`, the outputs in base64. It ends when
// its stdin does (the worker is gone), and the programs still running with it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const running = new Set();
/** How long after its deadline a program is judged. */
const VERDICT_GRACE_MS = 2_000;

function answer(reply) {
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}

function start({ id, file, args, env, cwd, input, timeoutMs }) {
  let child;
  try {
    child = spawn(file, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    answer({ id, error: String(error) });
    return;
  }
  running.add(child);
  const stdout = [];
  const stderr = [];
  let timedOut = false;
  let failed;
  child.stdout.on('data', (chunk) => stdout.push(chunk));
  child.stderr.on('data', (chunk) => stderr.push(chunk));
  let inner;
  // Judged after a grace period: when this process was held up past the deadline (a loaded or
  // paused machine), timers run before the exit already waiting for it (as startBin, test/e2e/harness.ts).
  const timer = timeoutMs ? setTimeout(() => (inner = setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), VERDICT_GRACE_MS)), timeoutMs) : undefined;
  child.on('error', (error) => (failed = String(error)));
  child.on('close', (status, signal) => {
    clearTimeout(timer);
    clearTimeout(inner);
    running.delete(child);
    answer({ id, status, signal, timedOut, error: failed, stdout: Buffer.concat(stdout).toString('base64'), stderr: Buffer.concat(stderr).toString('base64') });
  });
  // A program that exits before reading its stdin closes the pipe: that is its business.
  child.stdin.on('error', () => undefined);
  child.stdin.end(Buffer.from(input ?? '', 'base64'));
}

createInterface({ input: process.stdin }).on('line', (line) => start(JSON.parse(line)));
process.stdin.on('end', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
