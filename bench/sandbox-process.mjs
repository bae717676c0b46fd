// Shared by the benchmarks: a sandbox in its own process (so the client is what is measured) and
// authenticated JSON calls to it over an undici pool.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What every bench starts from: the built bin (or exit 1 with why), a scratch directory, a token. */
export function benchSetup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const bin = join(root, 'bin/rentals.js');
  if (!existsSync(join(root, 'dist/main.cjs'))) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
  const work = mkdtempSync(join(tmpdir(), 'rentals-bench-'));
  const token = `bench-${process.pid}-${Date.now()}`;
  return { root, bin, work, token };
}

/** `rentals sandbox --port 0 --token …`; resolves with its URL once it listens. */
export function startSandbox(bin, token, extraArgs = [], env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--token', token, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1], pid: child.pid, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it listened: ${err}`)));
  });
}

/** A JSON request with the bench token over `pool()`; returns the answer's `data`, throws on a non-2xx. */
export function apiCaller(pool, token) {
  const authorization = `bearer ${Buffer.from(token).toString('base64')}`;
  return async function call(method, path, body) {
    const response = await pool().request({
      method,
      path,
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.body.json();
    if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere in practice). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of /proc/<pid>/stat in ms; undefined where there is no /proc. */
function procTimes(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [11, 12, 13, 14].map((i) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND);
  } catch {
    return undefined;
  }
}

/** CPU ms (user + system) a running process (the sandbox) has used so far; undefined without /proc. */
export function processCpuMs(pid) {
  const times = procTimes(pid);
  return times && times[0] + times[1];
}

/**
 * CPU ms (user + system) of this process's children that have ended and been waited for (Linux:
 * cutime + cstime): the difference across a spawnSync is the CPU time of that child.
 */
export function endedChildrenCpuMs() {
  const times = procTimes('self');
  return times && times[2] + times[3];
}
