// What `rentals mcp` costs to start, and that it costs nothing elsewhere: the server started (the
// credentials checked, every command's declaration loaded and its tool made, the MCP SDK loaded from
// dist/vendor/mcp-sdk.cjs, the protocol served on stdin), then stopped at the end of its input,
// against `rentals inventory list` (which loads no SDK) and `node -e 0`, on Node 20, 22 and 24.
// The sizes of the bundle and of the SDK's file beside it are noted.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timedCliEnv } from './lib/cli-env.mjs';
import { nodesToTime } from './lib/nodes.mjs';
import { emitResult } from './lib/report.mjs';
import { timeAlternately } from './lib/timing.mjs';
import { startSandbox } from './sandbox-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/rentals.js');
if (!existsSync(join(root, 'dist/vendor/mcp-sdk.cjs'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const majors = (process.env.BENCH_NODES ?? '20,22,24').split(',').map(Number);

const work = mkdtempSync(join(tmpdir(), 'rentals-bench-mcp-'));
const cleanup = () => rmSync(work, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const token = `bench-${process.pid}`;
const sandbox = await startSandbox(bin, token, ['--seed'], { ...process.env, RENTALS_CONFIG_DIR: join(work, 'sandbox-config'), XDG_CACHE_HOME: join(work, 'cache') });
try {
  const env = timedCliEnv(sandbox, token, work);
  const rows = [];
  const nodes = [];
  const notes = [];
  for (const node of nodesToTime(majors, notes)) {
    nodes.push(node.version);
    console.error(`Node ${node.version}: ${rounds} rounds…`);
    // Standard input is empty (/dev/null): the server starts, serves, sees its end and stops.
    const [floor, list, mcp, readOnly] = timeAlternately(
      [
        { label: 'node -e 0', argv: [node.path, '-e', '0'] },
        { label: 'rentals inventory list', argv: [node.path, bin, 'inventory', 'list'] },
        { label: 'rentals mcp (started, then stopped at the end of its input)', argv: [node.path, bin, 'mcp'] },
        { label: 'rentals mcp --read-only (the same)', argv: [node.path, bin, 'mcp', '--read-only'] },
      ],
      { rounds, env },
    );
    const on = (label) => `${label} (Node ${node.major})`;
    rows.push(
      { scenario: on(mcp.label), value: mcp.median, baseline: list.label, baselineValue: list.median, unit: 'ms' },
      { scenario: on(readOnly.label), value: readOnly.median, baseline: list.label, baselineValue: list.median, unit: 'ms' },
      { scenario: on(list.label), value: list.median, baseline: floor.label, baselineValue: floor.median, unit: 'ms' },
    );
  }
  const kb = (file) => `${(statSync(join(root, 'dist', file)).size / 1024).toFixed(0)} KB`;
  notes.push(`dist/main.cjs is ${kb('main.cjs')}; the MCP SDK's part, dist/vendor/mcp-sdk.cjs, ${kb('vendor/mcp-sdk.cjs')}, read by \`rentals mcp\` alone.`);
  notes.push(`Medians of ${rounds} alternating rounds × 3 runs; code caches warm; a sandbox with the demo data answers inventory list.`);
  emitResult({ title: 'rentals mcp: start and stop', rows, notes, nodes });
} finally {
  sandbox.stop();
}
