// BENCHMARKS.md: one section per bench file, each with the date, machine and Node versions of the
// run that produced it. A run of some benches (`npm run bench startup`) replaces their sections and
// keeps the others.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER = `# Benchmarks

Written by \`npm run bench\` (bench/run.mjs; see bench/README.md). Each scenario runs beside its
baseline, alternately, in one run; the tables give medians and the ratio scenario / baseline.
Compare ratios: absolute times depend on the machine and on what else it was doing. Each
section's first line gives the machine's load average (1 minute) before and after its bench: on a
2-core machine shared with other work, a load far above 2 stretches every wall time, and ratios of
runs taken side by side are then the measure, CPU times where a table gives them.
`;

const sectionPattern = /<!-- bench:(\S+) -->\n[\s\S]*?<!-- \/bench:\1 -->\n?/g;

function readSections(path) {
  const sections = new Map();
  if (!existsSync(path)) return sections;
  for (const match of readFileSync(path, 'utf8').matchAll(sectionPattern)) sections.set(match[1], match[0].trimEnd());
  return sections;
}

/** `body`: the section's markdown lines, without its markers. */
export function section(name, body) {
  return [`<!-- bench:${name} -->`, `## ${name}`, '', ...body, `<!-- /bench:${name} -->`].join('\n');
}

/** Writes `path` with `updates` (Map name → section text) replacing or adding sections. */
export function updateBenchmarksFile(path, updates) {
  const sections = readSections(path);
  for (const [name, text] of updates) sections.set(name, text);
  const names = [...sections.keys()].sort();
  writeFileSync(path, [HEADER, ...names.map((name) => sections.get(name))].join('\n') + '\n');
}
