// Startup on Node 20, 22 and 24: how far `rentals` is from the floor on the paths scripts start most.
//   rentals --version        vs node -e 0                        (target ≤ 1.1×)
//   rentals inventory list   vs a minimal commander CLI making the same GET (target ≤ 1.15×),
//                            a minimal CommonJS node:http GET and an ESM one
// against a sandbox in its own process. Every temporary file (config dir, code caches, baseline
// scripts) lives in one directory that is removed at the end, whatever happens.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
if (!existsSync(join(root, 'dist/main.cjs'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const majors = (process.env.BENCH_NODES ?? '20,22,24').split(',').map(Number);

const work = mkdtempSync(join(tmpdir(), 'rentals-bench-startup-'));
const cleanup = () => rmSync(work, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const token = `bench-${process.pid}`;
const sandbox = await startSandbox(bin, token, ['--seed'], {
  ...process.env,
  RENTALS_CONFIG_DIR: join(work, 'sandbox-config'),
  XDG_CACHE_HOME: join(work, 'cache'),
});
try {
  const baselineScript = `const token = Buffer.from(process.env.RENTALS_TOKEN).toString('base64');
http.get(process.env.RENTALS_BASE_URL + '/v2/inventory', { headers: { authorization: 'bearer ' + token, accept: 'application/json' } }, (res) => {
  const chunks = [];
  res.on('data', (chunk) => chunks.push(chunk));
  res.on('end', () => process.stdout.write(Buffer.concat(chunks)));
});
`;
  writeFileSync(join(work, 'http-get.cjs'), `const http = require('node:http');\n${baselineScript}`);
  writeFileSync(join(work, 'http-get.mjs'), `import http from 'node:http';\n${baselineScript}`);
  // The least a CLI of this design does for the same answer (commander, as rentals uses, a config
  // file read, the GET, rows out): the floor that no rentals start can go under.
  writeFileSync(join(work, 'config.json'), JSON.stringify({ profiles: { default: { output: 'tsv' } } }));
  writeFileSync(
    join(work, 'commander-get.cjs'),
    `const { Command } = require(${JSON.stringify(join(root, 'node_modules/commander/index.js'))});
const http = require('node:http');
const { readFileSync } = require('node:fs');
const program = new Command('rentals').option('-o, --output <format>').option('--profile <name>');
program.command('inventory').command('list').option('--api-version <v>').action(() => {
  const config = JSON.parse(readFileSync(${JSON.stringify(join(work, 'config.json'))}, 'utf8'));
  const token = Buffer.from(process.env.RENTALS_TOKEN).toString('base64');
  http.get(process.env.RENTALS_BASE_URL + '/v2/inventory', { headers: { authorization: 'bearer ' + token, accept: 'application/json' } }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => {
      const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.map((r) => [r.id, r.name, r.quantityAvailable, r.active].join('\\t'));
      process.stdout.write(rows.join('\\n') + (config ? '\\n' : ''));
    });
  });
});
program.parse();
`,
  );
  // Where rentals' time goes: the bundle required and initialised with nothing run (its load and
  // top-level code), loaded as bin/rentals.js loads it (its loadBundle: the code cache, warm).
  writeFileSync(join(work, 'bundle-only.cjs'), `require(${JSON.stringify(bin)}).loadBundle(['inventory', 'list']);\n`);
  const env = timedCliEnv(sandbox, token, work);

  const rows = [];
  const parts = [];
  const notes = [];
  const nodes = [];
  for (const node of nodesToTime(majors, notes)) {
    nodes.push(node.version);
    console.error(`Node ${node.version}: ${rounds} rounds…`);
    const [floor, version, cjs, esm, list, bundle, commanderGet] = timeAlternately(
      [
        { label: 'node -e 0', argv: [node.path, '-e', '0'] },
        { label: 'rentals --version', argv: [node.path, bin, '--version'] },
        { label: 'CommonJS node:http GET', argv: [node.path, join(work, 'http-get.cjs')] },
        { label: 'ESM node:http GET', argv: [node.path, join(work, 'http-get.mjs')] },
        { label: 'rentals inventory list', argv: [node.path, bin, 'inventory', 'list'] },
        { label: 'the bundle loaded, nothing run', argv: [node.path, join(work, 'bundle-only.cjs')] },
        { label: 'a minimal commander CLI GET', argv: [node.path, join(work, 'commander-get.cjs'), 'inventory', 'list'] },
      ],
      { rounds, env },
    );
    if (list.cpuMedian !== undefined) {
      const cpu = (run, baseline) => ({ scenario: `${run.label} (Node ${node.major}, CPU)`, value: run.cpuMedian, baseline: baseline.label, baselineValue: baseline.cpuMedian, unit: 'ms' });
      parts.push(cpu(bundle, floor), cpu(cjs, floor), cpu(list, cjs), cpu(commanderGet, cjs), cpu(list, commanderGet));
    }
    const on = (label) => `${label} (Node ${node.major})`;
    rows.push(
      { scenario: on(version.label), value: version.median, baseline: floor.label, baselineValue: floor.median, unit: 'ms', target: { op: '<=', value: 1.1 } },
      { scenario: on(list.label), value: list.median, baseline: commanderGet.label, baselineValue: commanderGet.median, unit: 'ms', target: { op: '<=', value: 1.15 } },
      { scenario: on(list.label), value: list.median, baseline: cjs.label, baselineValue: cjs.median, unit: 'ms' },
      { scenario: on(list.label), value: list.median, baseline: esm.label, baselineValue: esm.median, unit: 'ms' },
    );
    // What the 1.15× target leaves: what the bundle, settings, client and output may cost above a minimal commander CLI.
    const budget = commanderGet.median * 1.15;
    notes.push(
      `Node ${node.major}: a minimal commander CLI making the same GET takes ${(commanderGet.median / cjs.median).toFixed(2)}× the bare GET (${commanderGet.median.toFixed(1)} ms); ` +
        `the 1.15× target (${budget.toFixed(1)} ms) leaves rentals ${(budget - commanderGet.median).toFixed(1)} ms above it for its bundle, settings, client and output; it takes ${(list.median - commanderGet.median).toFixed(1)} ms.`,
    );
  }
  notes.push(`Medians of ${rounds} alternating rounds × 3 runs; a sandbox with the demo data serves the GETs; rentals with its code cache warm (bin/rentals.js: V8's code of the bundle after a run, on every Node).`);
  emitResult({ title: 'Startup', rows, notes, nodes });
  if (parts.length > 0) {
    emitResult({
      title: 'Where the time of `rentals inventory list` goes (user + system CPU, medians)',
      rows: parts,
      notes: [
        'The bundle loaded and initialised (its top-level code, nothing run) and the CommonJS GET (node:http and one request) against `node -e 0`; rentals against that GET. What rentals spends above the GET is the bundle\'s load and top-level code and its own run: building and parsing the program, reading the settings, the request through the client and the output. "A minimal commander CLI GET" is the least a CLI of this design does for the same answer: commander loaded and one command parsed, a config file read, the GET, rows out.',
      ],
      nodes,
    });
  }
} finally {
  sandbox.stop();
}
