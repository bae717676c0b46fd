// `npm run bench [-- name…] [--no-write]`: runs every bench/*.bench.mjs (or those whose file name
// contains one of the names) in turn, then writes their tables into BENCHMARKS.md.
// Benchmarks print numbers; they assert nothing (speed targets live here, never in tests).
//
// How a bench hands its table over (bench/README.md has the details): every stdout line
//   BENCH-RESULT {"title": …, "rows": [...], "notes": [...], "nodes": [...]}
// (what bench/lib/report.mjs emitResult prints) becomes a table; a bench that prints none of those
// has its markdown table lines (lines starting with `| `) copied as they are.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { section, updateBenchmarksFile } from './lib/benchmarks-file.mjs';
import { RESULT_PREFIX, machineLine, markdownTable } from './lib/report.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const names = args.filter((arg) => !arg.startsWith('--'));
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs') && (names.length === 0 || names.some((name) => file.includes(name))))
  .sort();

const updates = new Map();
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const loadBefore = loadavg()[0];
  const { code, stdout } = await runBench(`${dir}${file}`);
  const load = `load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
  if (code !== 0) {
    failed++;
    console.log(`${file} exited ${code}`);
  }
  const body = sectionBody(stdout, code, load);
  if (body) updates.set(file.replace(/\.bench\.mjs$/, ''), section(file.replace(/\.bench\.mjs$/, ''), body));
  else console.log(`${file} printed no table: its section of BENCHMARKS.md is left as it was`);
}
if (write && updates.size > 0) {
  updateBenchmarksFile(fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url)), updates);
  console.log(`\nBENCHMARKS.md: ${[...updates.keys()].join(', ')} updated`);
}
process.exit(failed ? 1 : 0);

/** Runs a bench with its stdout shown as it comes and kept for the tables. */
function runBench(path) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let shown = 0;
    // Whole lines only, so that the BENCH-RESULT lines (for this script) can be left out.
    const show = (upTo) => {
      const lines = stdout.slice(shown, upTo).split('\n');
      if (lines.at(-1) === '') lines.pop();
      for (const line of lines) if (!line.startsWith(RESULT_PREFIX)) process.stdout.write(`${line}\n`);
      shown = upTo;
    };
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      const end = stdout.lastIndexOf('\n');
      if (end >= shown) show(end + 1);
    });
    child.on('close', (code, signal) => {
      show(stdout.length);
      resolve({ code: code ?? signal, stdout });
    });
  });
}

/** The markdown of a bench's section, or undefined when it printed no table. */
function sectionBody(stdout, code, load) {
  const lines = stdout.split('\n');
  const results = lines.filter((line) => line.startsWith(RESULT_PREFIX)).map((line) => JSON.parse(line.slice(RESULT_PREFIX.length)));
  let tables = results.length > 0 ? results.flatMap((result) => [...markdownTable(result), '']) : tableLines(lines);
  // A bench that prints its figures as text lines: they are recorded as printed.
  if (tables.length === 0) tables = textBlock(lines);
  if (tables.length === 0) return undefined;
  const nodes = [...new Set([process.version, ...results.flatMap((result) => result.nodes ?? [])])];
  const date = new Date().toISOString().replace(/:\d\d\.\d+Z$/, ' UTC').replace('T', ' ');
  return [
    `Run ${date} on ${machineLine()}, ${load}; Node ${nodes.join(', ')}.${code === 0 ? '' : ` The bench exited ${code}: the table may be partial.`}`,
    '',
    ...tables,
  ];
}

/** A bench's text output as a fenced block (blank lines dropped), or nothing when it printed nothing. */
function textBlock(lines) {
  const text = lines.filter((line) => line.trim() !== '');
  return text.length === 0 ? [] : ['```text', ...text, '```', ''];
}

/** A bench's markdown when it prints a table (`| …`): every line as printed (the text says what the tables measured), blank runs folded. */
function tableLines(lines) {
  if (!lines.some((line) => line.startsWith('|'))) return [];
  const out = [];
  for (const line of lines) {
    if (line.trim() === '' && (out.length === 0 || out.at(-1) === '')) continue;
    out.push(line.trim() === '' ? '' : line);
  }
  if (out.at(-1) !== '') out.push('');
  return out;
}
