// How many misspelt option reads the compiler catches: every `options.<name>` (or `globals.<name>`)
// read under the given folders (default src/cli and src/app) is misspelt (`<name>Misspelt`) in a
// copy of src/, and the copy is typechecked once; a read is caught when the compiler reports an
// error at its name. (Misspelling one read cannot hide another: each is checked against the type
// of `options` or `globals`, which the misspellings do not change.) Prints "caught N of M" and
// each read that still compiles; exits 1 unless every read is caught.
//   node scripts/option-reads.mjs [folder…]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const folders = (process.argv.length > 2 ? process.argv.slice(2) : ['src/cli', 'src/app']).map((f) => resolve(root, f) + '/');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
  .map((path) => join(src, path))
  .filter((file) => folders.some((folder) => file.startsWith(folder)));

/**
 * `options` (a command's) or `globals` (the global flags'), also behind a cast or parentheses
 * (`(options as { x?: true }).x` is a read too): its name, else undefined.
 */
function optionsName(node) {
  while (['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression'].includes(node.type)) node = node.expression;
  return node.type === 'Identifier' && (node.name === 'options' || node.name === 'globals') ? node.name : undefined;
}

/** `options.<name>` reads (not plain assignments) of a source text: each name's offset and text. */
function optionReads(file, text) {
  const { program, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${relative(root, file)}: ${errors[0].message}`);
  const reads = [];
  const visit = (node, parent) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    const object = node.type === 'MemberExpression' && !node.computed ? optionsName(node.object) : undefined;
    if (object !== undefined) {
      const written = parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === node;
      if (!written) reads.push({ at: node.property.start, name: node.property.name, object });
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent' && typeof child === 'object') visit(child, node);
  };
  visit(program, undefined);
  for (const read of reads) if (text.slice(read.at, read.at + read.name.length) !== read.name) throw new Error(`${relative(root, file)}: the parser's offsets do not match the text`);
  return reads;
}

const lineAndColumn = (text, at) => {
  const before = text.slice(0, at).split('\n');
  return `${before.length},${before.at(-1).length + 1}`;
};

const copy = mkdtempSync(join(tmpdir(), 'rentals-option-reads-'));
try {
  cpSync(src, join(copy, 'src'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  writeFileSync(join(copy, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.json'), include: ['src'] }));

  /** "src/…(line,col)" of each misspelt name in the copy → the read as the report names it. */
  const expected = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const reads = optionReads(file, text);
    if (reads.length === 0) continue;
    let misspelt = text;
    for (const read of [...reads].sort((a, b) => b.at - a.at)) {
      const end = read.at + read.name.length;
      misspelt = `${misspelt.slice(0, end)}Misspelt${misspelt.slice(end)}`;
    }
    // Offsets in the misspelt text: each earlier read has moved this one on by "Misspelt".
    reads.sort((a, b) => a.at - b.at).forEach((read, index) => {
      const where = `${relative(root, file)}(${lineAndColumn(misspelt, read.at + index * 'Misspelt'.length)})`;
      expected.set(where, `${relative(root, file)}:${where.split('(')[1].split(',')[0]} ${read.object}.${read.name}`);
    });
    writeFileSync(join(copy, relative(root, file)), misspelt);
  }

  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', copy], { cwd: copy, encoding: 'utf8' });
  const reported = new Set(tsc.stdout.split('\n').map((line) => /^(\S+\(\d+,\d+\)): error /.exec(line)?.[1]).filter(Boolean));
  const missed = [...expected].filter(([where]) => !reported.has(where)).map(([, read]) => read);
  console.log(`caught ${expected.size - missed.length} of ${expected.size} misspelt option reads`);
  for (const line of missed) console.log(`  still compiles: ${line}`);
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}
