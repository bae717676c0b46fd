// The race table: two `rentals` processes started at the same moment over the last unit(s) of an
// item, for each kind of race (bench/lib/races.mjs), against a sandbox in its own process: per kind,
// the tries, how many left the item overbooked, how many had no winner, one winner, two winners.
// The targets: 0 overbooked, at least 45 of 50 with exactly one winner.
//
// BENCH_RACES: tries per kind (default 50); BENCH_RACE_KINDS: the kinds, comma-separated (default
// all: book, confirm, move, update); BENCH_RACE_VERBOSE=1 prints each loser's message.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Pool } from 'undici';
import { timedCliEnv } from './lib/cli-env.mjs';
import { RACE_KINDS, raceTable, raceTableLines } from './lib/races.mjs';
import { machineLine } from './lib/report.mjs';
import { apiCaller, benchSetup, startSandbox } from './sandbox-process.mjs';

const TRIES = Number(process.env.BENCH_RACES ?? 50);
const KINDS = (process.env.BENCH_RACE_KINDS ?? RACE_KINDS.map((k) => k.name).join(',')).split(',').map((k) => k.trim());
const VERBOSE = process.env.BENCH_RACE_VERBOSE === '1';

const { bin, work, token } = benchSetup();
const sandbox = await startSandbox(bin, token);
const pool = new Pool(sandbox.url, { connections: 8 });
const env = timedCliEnv(sandbox, token, work);

function rentals(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      if (VERBOSE && code !== 0) console.error(`rentals ${args.join(' ')} → ${code}\n${stderr}`);
      resolve({ code, stdout, stderr });
    });
  });
}

try {
  const started = performance.now();
  const rows = await raceTable(KINDS, TRIES, { call: apiCaller(() => pool, token), rentals });
  console.log(`**Races of two rentals processes over the last units of an item** (${TRIES} tries per kind)\n`);
  for (const line of raceTableLines(rows)) console.log(line);
  const unexpected = rows.flatMap((r) => r.unexpected);
  console.log(`\nTargets: 0 overbooked; at least 45 of 50 with one winner. ${unexpected.length} commands ended other than won or lost. ${((performance.now() - started) / 1000).toFixed(0)} s on ${machineLine()}.`);
  for (const run of unexpected.slice(0, 5)) console.error(`exit ${run.code}: ${run.stderr}`);
} finally {
  sandbox.stop();
  await pool.close();
  rmSync(work, { recursive: true, force: true });
}
