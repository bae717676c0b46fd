// Results of a bench: a markdown table of medians and ratios on stdout, plus one machine-readable
// `BENCH-RESULT {json}` line that bench/run.mjs collects into BENCHMARKS.md (see bench/README.md).
import { cpus, totalmem } from 'node:os';

export const RESULT_PREFIX = 'BENCH-RESULT ';

/**
 * A row compares one scenario with its baseline:
 * { scenario, value, baseline, baselineValue, unit, ratio?, target?: { op: '<=' | '>=', value } }.
 * `ratio` defaults to value / baselineValue; a row without a baseline (skipped) has a `note`.
 */
export function comparison(row) {
  const ratio = row.ratio ?? (row.baselineValue ? row.value / row.baselineValue : undefined);
  const met = row.target && ratio !== undefined ? (row.target.op === '<=' ? ratio <= row.target.value : ratio >= row.target.value) : undefined;
  return { ...row, ratio, met };
}

function number(value, unit) {
  if (value === undefined || Number.isNaN(value)) return '–';
  const digits = unit === 'ms' ? (value < 100 ? 1 : 0) : value < 10 ? 2 : value < 1000 ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

/** The markdown lines of a result: { title, rows, notes? }. */
export function markdownTable(result) {
  const lines = [`**${result.title}**`, '', '| Scenario | Median | Baseline | Median | Ratio | Target |', '| --- | ---: | --- | ---: | ---: | --- |'];
  for (const row of result.rows) {
    const ratio = row.ratio === undefined ? '–' : `${row.ratio.toFixed(2)}×`;
    const target = row.target ? `${row.target.op === '<=' ? '≤' : '≥'} ${row.target.value}× ${row.met ? '✓' : '✗'}` : '';
    lines.push(`| ${row.scenario} | ${number(row.value, row.unit)} | ${row.baseline ?? '–'} | ${number(row.baselineValue, row.unit)} | ${ratio} | ${target} |`);
  }
  for (const note of result.notes ?? []) lines.push('', note);
  return lines;
}

/** Prints a result for people (the table) and for bench/run.mjs (one BENCH-RESULT line). */
export function emitResult(result) {
  const full = { ...result, rows: result.rows.map(comparison) };
  console.log(['', ...markdownTable(full), ''].join('\n'));
  console.log(RESULT_PREFIX + JSON.stringify(full));
}

/** The machine, in one line: CPU model, cores, memory. */
export function machineLine() {
  const cpu = cpus()[0]?.model?.trim() || 'unknown CPU';
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
}
