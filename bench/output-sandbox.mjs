// Shared by the output benchmarks: a sandbox in its own process holding `count` inventory items,
// loaded from a data file written here (creating 100k items over HTTP would dominate the run).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from './sandbox-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The CLI measured: this tree's build, or another (RENTALS_BENCH_BIN) to compare before and after. */
const ownBin = join(root, 'bin/rentals.js');
export const bin = process.env.RENTALS_BENCH_BIN ?? ownBin;

export function requireBuild() {
  if (!existsSync(join(root, 'dist/main.js'))) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
}

/** Names with a few wide characters, as real catalogues have. */
function itemName(i) {
  return i % 10 === 0 ? `Zelt ${i} 帐篷` : `Bench item ${i} (white, folding)`;
}

/** A sandbox serving `count` items; `stop()` kills it and removes its directory. */
export async function sandboxWithItems(count) {
  const work = mkdtempSync(join(tmpdir(), 'rentals-bench-'));
  const data = join(work, 'data.json');
  const records = Array.from({ length: count }, (_, k) => JSON.stringify({ id: k + 1, name: itemName(k + 1), quantityAvailable: k % 40, active: k % 3 === 0 ? 0 : 1 }));
  writeFileSync(data, `{"format":"rentals-sandbox","version":1,"seq":0,"nextIds":{"inventory":${count + 1}},"records":{"inventory":[\n${records.join(',\n')}\n]}}\n`);
  const token = `bench-${process.pid}-${Date.now()}`;
  const sandbox = await startSandbox(ownBin, token, ['--data-file', data]);
  const { url } = sandbox;
  const env = { ...process.env, RENTALS_BASE_URL: url, RENTALS_TOKEN: token, RENTALS_CONFIG_DIR: work, NO_COLOR: '1' };
  return {
    url,
    env,
    /** Bytes of `GET /v2/inventory` as the server sends them. */
    async responseBytes() {
      const response = await fetch(`${url}/v2/inventory`, { headers: { authorization: `bearer ${Buffer.from(token).toString('base64')}` } });
      return (await response.arrayBuffer()).byteLength;
    },
    stop() {
      sandbox.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
