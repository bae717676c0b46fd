// The input reader's speed on JSON, in-process, no network: N price rows read through openInput
// (src/bulk/input) from 64 KiB chunks, as a file or stdin gives them, as
// - NDJSON, detected (the JSON value stream that reads jq's output), and with --format ndjson;
// - pretty-printed JSON (`jq` without -c: each record over several lines);
// - a `{ "data": [ … ] }` document (what `--json` prints), pretty-printed;
// each beside the same rows as CSV (the reader's other common path). Medians of alternating rounds.
//
// RENTALS_BENCH_ROWS=100000 (the default) sets N; RENTALS_BENCH_ROUNDS=5 the rounds. The reader is
// bundled from src/ with esbuild into a temporary file (dist/ has only the whole CLI's bundle).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { emitResult, machineLine } from './lib/report.mjs';

const ROWS = Number(process.env.RENTALS_BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.RENTALS_BENCH_ROUNDS ?? 5);
const CHUNK = 64 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'rentals-bench-json-input-'));
try {
  const reader = await loadReader(dir);
  const records = Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, inventoryId: (i % 500) + 1, rentalBlockId: (i % 4) + 1, pricingType: 'Weekly', price: 100 + (i % 97) + 0.25 }));
  const inputs = {
    csv: `id,inventoryId,rentalBlockId,pricingType,price\n${records.map((r) => `${r.id},${r.inventoryId},${r.rentalBlockId},${r.pricingType},${r.price}`).join('\n')}\n`,
    ndjson: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`,
    pretty: `${records.map((r) => JSON.stringify(r, null, 2)).join('\n')}\n`,
    document: `${JSON.stringify({ data: records }, null, 2)}\n`,
  };
  const legs = [
    { name: 'CSV', text: inputs.csv },
    { name: 'NDJSON, detected (JSON values)', text: inputs.ndjson },
    { name: 'NDJSON, --format ndjson', text: inputs.ndjson, format: 'ndjson' },
    { name: 'pretty-printed records (jq without -c)', text: inputs.pretty },
    { name: '{ "data": [ … ] } document, pretty-printed', text: inputs.document },
  ];
  const times = new Map(legs.map((leg) => [leg.name, []]));
  // One read of each first, not timed: the reader compiled before any leg is.
  for (const leg of legs) await timeRead(reader, leg, ROWS);
  for (let round = 0; round < ROUNDS; round++) {
    // A rotating order: a busy machine weighs on every leg alike.
    for (let k = 0; k < legs.length; k++) {
      const leg = legs[(k + round) % legs.length];
      times.get(leg.name).push(await timeRead(reader, leg, ROWS));
    }
  }
  const csv = median(times.get('CSV'));
  const rows = legs.map((leg) => {
    const ms = median(times.get(leg.name));
    return leg.name === 'CSV'
      ? { scenario: `${ROWS.toLocaleString('en')} rows, CSV (${mib(leg.text)})`, value: ms, unit: 'ms' }
      : { scenario: `${ROWS.toLocaleString('en')} rows, ${leg.name} (${mib(leg.text)})`, value: ms, baseline: 'the same rows as CSV', baselineValue: csv, unit: 'ms' };
  });
  emitResult({
    title: `Reading bulk input in-process: ${ROWS.toLocaleString('en')} price rows, 64 KiB chunks (median of ${ROUNDS})`,
    rows,
    notes: [`Rows per second (median): ${legs.map((leg) => `${leg.name} ${Math.round((ROWS / median(times.get(leg.name))) * 1000).toLocaleString('en')}`).join('; ')}.`, machineLine()],
    nodes: [process.version],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** src/bulk/input/index.ts bundled into one ES module and imported. */
async function loadReader(into) {
  const entry = fileURLToPath(new URL('../src/bulk/input/index.ts', import.meta.url));
  const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const file = join(into, 'input.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}

/** One read of a leg: every row taken, the count checked (a reader that dropped rows would be fast and wrong). */
async function timeRead(reader, leg, expected) {
  const started = performance.now();
  const input = await reader.openInput(chunksOf(leg.text), { file: 'bench', format: leg.format });
  let count = 0;
  for await (const run of input.runs) count += run.length;
  const ms = performance.now() - started;
  if (count !== expected || input.issues().length > 0) throw new Error(`${leg.name}: ${count} rows of ${expected}, issues ${JSON.stringify(input.issues())}`);
  return ms;
}

async function* chunksOf(text) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function mib(text) {
  return `${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MiB`;
}
