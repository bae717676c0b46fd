#!/usr/bin/env node
// `npm run demo`: a seeded sandbox on a free port and a short real session with the built CLI
// against it, each command echoed before it runs. Touches no user config (RENTALS_CONFIG_DIR is a
// temporary directory). Exits non-zero when a step fails.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(root, 'bin', 'rentals.js');
const STARTUP_TIMEOUT_MS = 10_000;

class StepFailed extends Error {}

function ensureBuilt() {
  if (existsSync(join(root, 'dist', 'main.cjs')) && existsSync(join(root, 'dist', 'sandbox.js'))) return;
  console.log('$ node scripts/build.mjs');
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new StepFailed('the build failed');
}

/** `rentals sandbox --port 0 --seed --token …`; resolves once it prints its URL. */
function startSandbox(token) {
  const args = ['sandbox', '--port', '0', '--seed', '--token', token];
  console.log(`$ rentals ${args.join(' ')} &`);
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv() });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(`the sandbox did not start within ${STARTUP_TIMEOUT_MS / 1000} s`), STARTUP_TIMEOUT_MS);
    const fail = (message) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new StepFailed(`${message}\n${out}${err}`.trim()));
    };
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^Sandbox listening on (http:\/\/\S+)$/m.exec(out);
      if (!match) return;
      clearTimeout(timer);
      console.log(indent(`Sandbox listening on ${match[1]}`));
      resolve({ child, url: match[1], stderr: () => err });
    });
    child.on('exit', (code) => fail(`the sandbox exited early (code ${code})`));
    child.on('error', (error) => fail(`the sandbox could not be started: ${error.message}`));
  });
}

function stopSandbox(sandbox) {
  console.log(`\n$ kill -TERM ${sandbox.child.pid}   # stop the sandbox`);
  return new Promise((resolve) => {
    if (sandbox.child.exitCode !== null) return resolve(sandbox.child.exitCode);
    sandbox.child.removeAllListeners('exit');
    sandbox.child.once('exit', (code) => resolve(code));
    sandbox.child.kill('SIGTERM');
  });
}

/** The user's environment without any RENTALS_* setting that could point the CLI elsewhere. */
function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('RENTALS_')));
  return { ...env, ...extra };
}

function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

function indent(text) {
  return text.replace(/\n$/, '').replace(/^/gm, '  ');
}

function makeRunner(env) {
  /** Runs `rentals …args`, echoing the command line; returns stdout. */
  return function rentals(args, { show = true, pipeTo, expectCode = 0 } = {}) {
    console.log(`\n$ rentals ${args.map(quote).join(' ')}${pipeTo ? ` | ${pipeTo.join(' ')}` : ''}`);
    const result = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
    if (result.stderr) process.stderr.write(indent(result.stderr) + '\n');
    if (result.status !== expectCode) throw new StepFailed(`rentals ${args[0]} ${args[1] ?? ''} exited with ${result.status}`);
    if (expectCode !== 0) console.log(indent(`→ exit ${result.status} (expected)`));
    if (pipeTo) {
      const piped = spawnSync(pipeTo[0], pipeTo.slice(1), { input: result.stdout, stdio: ['pipe', 'inherit', 'inherit'] });
      if (piped.status !== 0) throw new StepFailed(`${pipeTo.join(' ')} exited with ${piped.status}`);
    } else if (show) {
      console.log(indent(result.stdout));
    }
    return result.stdout;
  };
}

/** The id of the one record in a `--json` answer. */
function idOf(json) {
  const id = JSON.parse(json)?.data?.[0]?.id;
  if (typeof id !== 'number') throw new StepFailed(`no id in the answer: ${json}`);
  console.log(indent(`→ id ${id}`));
  return id;
}

function day(offset, time) {
  const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `${date} ${time}`;
}

function hasJq() {
  return spawnSync('jq', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function main() {
  ensureBuilt();
  const configDir = mkdtempSync(join(tmpdir(), 'rentals-demo-'));
  const token = randomBytes(16).toString('hex');
  let sandbox;
  const stopOnSignal = () => sandbox?.child.kill('SIGTERM');
  process.once('SIGINT', stopOnSignal);
  try {
    sandbox = await startSandbox(token);
    console.log(`\n$ export RENTALS_BASE_URL=${sandbox.url} RENTALS_TOKEN=${token} RENTALS_CONFIG_DIR=${configDir}`);
    const rentals = makeRunner(cleanEnv({ RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: configDir, NO_COLOR: '1' }));

    rentals(['rental-blocks', 'list', '-o', 'table']);
    const itemId = idOf(rentals(['inventory', 'add', '--name', 'Demo tent 10x10', '--quantity-available', '4', '--json'], { show: false }));
    idOf(rentals(['prices', 'add', '--inventory-id', String(itemId), '--rental-block-id', '1', '--price', '120', '--json'], { show: false }));
    idOf(rentals(['prices', 'add', '--inventory-id', String(itemId), '--rental-block-id', '2', '--price', '180', '--json'], { show: false }));
    const eventId = idOf(
      rentals(
        [
          'events', 'add',
          '--event-name', 'Demo wedding',
          '--event-status-id', 'Confirmed',
          '--rental-block-id', '2',
          '--start-date', day(30, '14:00'),
          '--end-date', day(31, '01:00'),
          '--customer-name', 'Jordan Lee',
          '--event-city', 'Springfield',
          '--json',
        ],
        { show: false },
      ),
    );
    idOf(
      rentals(
        ['bookings', 'add', '--event-id', String(eventId), '--inventory-id', String(itemId), '--quantity', '2', '--price', '120', '--json'],
        { show: false },
      ),
    );
    rentals(['events', 'list', '-o', 'table']);
    rentals(['events', 'get', String(eventId), '--json'], hasJq() ? { pipeTo: ['jq', '.'] } : {});

    // Operating the calendar: the seeded month.
    rentals(['agenda', '-o', 'table']);
    rentals(['check', '-o', 'table'], { expectCode: 1 });
    rentals(['availability', '--from', '+13d', '--to', '+15d', '--item', '40x60 Pole Tent', '--item', 'White Folding Chair', '-o', 'table']);
    rentals(['events', 'book', 'Harper–Nguyen Wedding', '--item', '40x60 Pole Tent=1'], { expectCode: 1 });
    rentals(['events', 'book', 'Harper–Nguyen Wedding', '--item', 'White Folding Chair=40', '--item', 'LED Uplight=12', '-o', 'table']);
    rentals(['events', 'show', 'Harper–Nguyen Wedding', '-o', 'table']);
    rentals(['load-sheet', '--date', '+11d', '-o', 'table']);
    rentals(['availability', '--from', '+10d', '--to', '+16d', '--daily', '--item', '20x20 Frame Tent', '--item', '40x60 Pole Tent', '-o', 'table']);
    rentals(['events', 'cancel', 'Acme Corp Product Launch', '--reason', 'Customer postponed', '-o', 'table']);
    rentals(['events', 'clone', 'Riverside Summer Festival', '--start-date', '+52w', '--with-bookings', '-o', 'table']);
    // Beyond: a quote that cannot be confirmed, the timeline with its shortage, a free window, the month's utilization.
    const quoteId = idOf(
      rentals(
        ['events', 'add', '--event-name', 'Demo quote: a tent for the fair', '--event-status-id', 'Quoted', '--rental-block-id', '1', '--start-date', day(14, '10:00'), '--end-date', day(14, '18:00'), '--json'],
        { show: false },
      ),
    );
    rentals(['events', 'book', String(quoteId), '--item', '40x60 Pole Tent=1', '-o', 'table']);
    rentals(['check', '-o', 'table'], { expectCode: 1 });
    rentals(['events', 'confirm', String(quoteId)], { expectCode: 1 });
    rentals(['timeline', '--item', '40x60 Pole Tent', '--from', '+12d', '--to', '+16d', '-o', 'table']);
    rentals(['availability', '--find', '--item', '40x60 Pole Tent=1', '--duration', '2d', '--from', '+10d', '--to', '+40d', '-o', 'table']);
    rentals(['report', 'utilization', '--from', 'today', '--to', '+30d', '--by', 'status', '-o', 'table']);
    rentals(['report', 'revenue', '--from', 'today', '--to', '+30d', '--by', 'month', '-o', 'table']);
    const ics = rentals(['agenda', '--from', 'today', '--to', '+30d', '-o', 'ics'], { show: false });
    console.log(indent(`${ics.replace(/\r/g, '').split('\n').slice(0, 14).join('\n')}\n…`));

    const code = await stopSandbox(sandbox);
    if (code !== 0) throw new StepFailed(`the sandbox exited with ${code}: ${sandbox.stderr()}`);
    console.log('\nDemo finished: every step succeeded.');
    return 0;
  } catch (error) {
    console.error(`\ndemo failed: ${error instanceof StepFailed ? error.message : (error?.stack ?? error)}`);
    if (sandbox && sandbox.child.exitCode === null) await stopSandbox(sandbox);
    return 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    rmSync(configDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
