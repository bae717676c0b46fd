// The sandbox's durable write path and restart with --data-file: PUTs per second (each answered after
// its fdatasync, group commit), sequential and at concurrency 16, against 5,000 records; and the
// time to restart (load the checksummed snapshot, replay and check the journal, write a new snapshot).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startSandbox } from '../dist/sandbox.js';

const TOKEN = 'bench-token';
const auth = `bearer ${Buffer.from(TOKEN).toString('base64')}`;
const RECORDS = 5000;
const PUTS = 2000;

async function call(base, method, path, body) {
  const res = await request(`${base}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode}`);
}

async function pool(n, concurrency, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await fn(next++);
  }));
}

const dir = mkdtempSync(join(tmpdir(), 'rentals-bench-'));
const data = join(dir, 'data.json');
try {
  let sandbox = await startSandbox({ port: 0, token: TOKEN, data, log: () => {} });
  await pool(RECORDS, 32, (i) => call(sandbox.url, 'POST', '/v1/inventory', { name: `item ${i}`, quantityAvailable: 1, active: 1 }));
  for (const concurrency of [1, 16]) {
    const start = performance.now();
    await pool(PUTS, concurrency, (i) => call(sandbox.url, 'PUT', `/v1/inventory/${(i % RECORDS) + 1}`, { id: (i % RECORDS) + 1, name: `renamed ${i}`, quantityAvailable: 2, active: 1 }));
    const seconds = (performance.now() - start) / 1000;
    console.log(`${PUTS} durable PUTs at concurrency ${concurrency}: ${Math.round(PUTS / seconds)}/s`);
  }
  await sandbox.close();
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    sandbox = await startSandbox({ port: 0, token: TOKEN, data, log: () => {} });
    times.push(performance.now() - start);
    await call(sandbox.url, 'PUT', '/v1/inventory/1', { id: 1, name: `restart ${i}`, quantityAvailable: 1, active: 1 });
    await sandbox.close();
  }
  times.sort((a, b) => a - b);
  console.log(`restart with ${RECORDS} records (+1 journal entry): median ${times[2].toFixed(0)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
