// How many misspelt option reads the compiler catches: every `options.<name>` (or `globals.<name>`) read under the given
// folders (default src/cli and src/app) is misspelt in turn (`<name>Misspelt`), and its file is
// typechecked again; a read is caught when that adds a diagnostic. Prints "caught N of M" and
// each read that still compiles; exits 1 unless every read is caught.
//   node scripts/option-reads.mjs [folder…]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const folders = (process.argv.length > 2 ? process.argv.slice(2) : ['src/cli', 'src/app']).map((f) => resolve(root, f) + '/');
const configPath = resolve(root, 'tsconfig.json');
const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
const files = parsed.fileNames.filter((f) => f.startsWith(resolve(root, 'src') + '/'));

const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const versions = new Map(files.map((f) => [f, 0]));
const host = {
  getScriptFileNames: () => files,
  getScriptVersion: (f) => String(versions.get(f) ?? 0),
  getScriptSnapshot: (f) => {
    const text = texts.get(f) ?? ts.sys.readFile(f);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  },
  getCurrentDirectory: () => root,
  getCompilationSettings: () => parsed.options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
};
const service = ts.createLanguageService(host, ts.createDocumentRegistry());

/** `options` (a command's) or `globals` (the global flags'), also behind a cast or parentheses (`(options as { x?: true }).x` is a read too). */
function isOptions(node) {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  return ts.isIdentifier(node) && (node.text === 'options' || node.text === 'globals');
}

/** `options.<name>` reads (not writes) of a file: the name's position and text. */
function optionReads(file) {
  const source = ts.createSourceFile(file, texts.get(file), ts.ScriptTarget.Latest, true);
  const reads = [];
  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node) && isOptions(node.expression)) {
      const parent = node.parent;
      const written = ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
      if (!written) reads.push({ at: node.name.getStart(source), name: node.name.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

const errorCount = (file) => service.getSemanticDiagnostics(file).length + service.getSyntacticDiagnostics(file).length;

let total = 0;
const missed = [];
for (const file of files.filter((f) => folders.some((folder) => f.startsWith(folder)))) {
  const original = texts.get(file);
  const reads = optionReads(file);
  if (reads.length === 0) continue;
  const before = errorCount(file);
  for (const read of reads) {
    total++;
    const end = read.at + read.name.length;
    texts.set(file, `${original.slice(0, end)}Misspelt${original.slice(end)}`);
    versions.set(file, versions.get(file) + 1);
    if (errorCount(file) <= before) missed.push(`${file.slice(root.length + 1)}:${read.line} options.${read.name}`);
  }
  texts.set(file, original);
  versions.set(file, versions.get(file) + 1);
}
console.log(`caught ${total - missed.length} of ${total} misspelt option reads`);
for (const line of missed) console.log(`  still compiles: ${line}`);
process.exitCode = missed.length === 0 ? 0 : 1;
