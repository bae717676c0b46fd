// The sandbox under slow clients: 640 of them over five loopback addresses (127.0.0.2–6, 128 each,
// within the per-address cap) hold connections with a request that never finishes, either its
// head (a header every 200 ms) or its body (a whole head with a valid token, then a byte every
// 200 ms), reconnecting whenever the sandbox closes one. Meanwhile a probe from other addresses
// (127.0.0.1 and 127.0.0.7) makes one request on a new connection every 250 ms: its latency beside
// the same probe with no slow clients, and beside the 1 s target (the 95th percentile and the
// slowest). Linux loopback only (127.0.0.2–7 need no setup there).
//
// BENCH_SLOW_SECONDS: how long the probe runs for each kind (default 30); BENCH_SLOW_CLIENTS: how
// many slow clients (default 640).
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { emitResult, machineLine } from './lib/report.mjs';
import { benchSetup, startSandbox } from './sandbox-process.mjs';

const SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_SLOW_CLIENTS ?? 640);
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const PROBE_EVERY_MS = 250;
const PROBE_GIVES_UP_MS = 10_000;

const bearer = (token) => `bearer ${Buffer.from(token).toString('base64')}`;

// The slow clients run in a child process of their own: their timers must not delay the probe's.
if (process.argv[2] === 'slow-clients') {
  const [, , , port, token, kind, count] = process.argv;
  const first =
    kind === 'head'
      ? 'GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\n'
      : `POST /v1/inventory HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(token)}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`;
  const trickle = kind === 'head' ? 'X-Slow: still coming\r\n' : 'x';
  let opened = 0;
  const start = (localAddress) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress });
    let timer;
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (++opened === Number(count)) process.send('connected');
      socket.write(first);
      timer = setInterval(() => socket.write(trickle), 200);
    });
    socket.once('close', () => {
      clearInterval(timer);
      setTimeout(() => start(localAddress), 250);
    });
  };
  for (let i = 0; i < Number(count); i++) start(ADDRESSES[i % ADDRESSES.length]);
} else {
  await main();
}

/** One request on a new connection: ms to a 200, or undefined (no answer, or not a 200). */
function probe(port, token, localAddress) {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    const timer = setTimeout(() => socket.destroy(), PROBE_GIVES_UP_MS);
    socket.on('error', () => {});
    socket.setEncoding('utf8').on('data', (chunk) => (text += chunk));
    socket.once('connect', () => socket.write(`GET /v2/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(token)}\r\nConnection: close\r\n\r\n`));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text.startsWith('HTTP/1.1 200') ? performance.now() - started : undefined);
    });
  });
}

/** Probes every PROBE_EVERY_MS for `seconds`: their latencies (ms) and how many got no 200. */
async function probeFor(port, token, seconds) {
  const latencies = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < until; i++) {
    const ms = await probe(port, token, i % 2 === 0 ? '127.0.0.1' : '127.0.0.7');
    if (ms === undefined) failed++;
    else latencies.push(ms);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p95: at(0.95), max: latencies[latencies.length - 1], count: latencies.length, failed };
}

async function main() {
  const { bin, work, token } = benchSetup();
  const rows = [];
  const notes = [];
  const sandbox = await startSandbox(bin, token);
  try {
    const port = Number(new URL(sandbox.url).port);
    const quiet = await probeFor(port, token, Math.min(5, SECONDS));
    for (const kind of ['head', 'body']) {
      const clients = fork(fileURLToPath(import.meta.url), ['slow-clients', String(port), token, kind, String(CLIENTS)], { stdio: 'inherit' });
      await new Promise((resolve) => clients.once('message', resolve));
      const loaded = await probeFor(port, token, SECONDS);
      clients.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 1000)); // their connections closed before the next kind
      const label = kind === 'head' ? 'slow heads' : 'slow bodies';
      rows.push({ scenario: `probe, ${CLIENTS} ${label}: median`, value: loaded.p50, baseline: 'no slow clients', baselineValue: quiet.p50, unit: 'ms' });
      rows.push({ scenario: `probe, ${CLIENTS} ${label}: 95th percentile`, value: loaded.p95, baseline: 'the 1 s target', baselineValue: 1000, unit: 'ms', target: { op: '<=', value: 1 } });
      rows.push({ scenario: `probe, ${CLIENTS} ${label}: slowest`, value: loaded.max, baseline: 'the 1 s target', baselineValue: 1000, unit: 'ms', target: { op: '<=', value: 1 } });
      notes.push(`${label}: ${loaded.count} probes answered 200 over ${SECONDS} s, ${loaded.failed} not (no answer within ${PROBE_GIVES_UP_MS / 1000} s, or another status).`);
    }
  } finally {
    sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
  emitResult({ title: `Slow clients: a probe from another address while ${CLIENTS} slow clients over 5 addresses hold on (${machineLine()})`, rows, notes, nodes: [process.version] });
  process.exit(0);
}
