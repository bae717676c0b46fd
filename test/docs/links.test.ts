// Every relative link of the documentation resolves: the file exists, and the anchor, when there
// is one, is a heading (or an explicit id) of that file. Every path of the source the README and the
// manual name (`src/…`, `test/…`, `bench/…`, `scripts/…`, or a module from src/ down such as
// `data/writers.ts`, in prose or in code) exists, and the manual's index lists every page of the
// manual.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, anchors, links, manualFiles, markdownFiles, readDoc, slug } from './markdown.js';

describe('anchors are made as GitHub makes them', () => {
  test.each([
    ['Quick start', 'quick-start'],
    ['`--jq`, the pager', '--jq-the-pager'],
    ['Choices where the API reference is silent', 'choices-where-the-api-reference-is-silent'],
    ['Exit codes: what each means', 'exit-codes-what-each-means'],
    ['Ways out of a shortage (substitutes)', 'ways-out-of-a-shortage-substitutes'],
    ['[The sandbox](docs/sandbox.md)', 'the-sandbox'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  test('a repeated heading gets -1, -2', () => {
    expect([...anchors('# A\n## Examples\n## Examples\n```sh\n# Examples\n```\n')]).toEqual(['a', 'examples', 'examples-1']);
  });
});

const all = markdownFiles().flatMap((file) => links(file).map((link) => ({ ...link, where: `${link.file}:${link.line}` })));
const relativeLinks = all.filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link.target));

describe('relative links resolve', () => {
  test('the docs have links to check', () => {
    expect(relativeLinks.length).toBeGreaterThan(20);
  });

  test.each(relativeLinks.map((link) => [link.where, link.target] as const))('%s → %s', (_where, target) => {
    const link = relativeLinks.find((l) => l.where === _where && l.target === target)!;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const file = path === '' ? link.file : normalize(join(dirname(link.file), decodeURIComponent(path)));
    expect(relative(ROOT, join(ROOT, file)).startsWith('..'), `${link.where}: ${target} leaves the repository`).toBe(false);
    expect(existsSync(join(ROOT, file)), `${link.where}: ${target}: no file ${file}`).toBe(true);
    if (anchor === undefined || anchor === '') return;
    expect(file.endsWith('.md') && statSync(join(ROOT, file)).isFile(), `${link.where}: ${target}: an anchor into a file that is not Markdown`).toBe(true);
    const known = anchors(readDoc(file));
    expect(known.has(anchor), `${link.where}: ${target}: ${file} has no heading #${anchor}`).toBe(true);
  });
});

/**
 * The paths of the source a Markdown text names: `src/…`, `test/…`, `bench/…` or `scripts/…` not
 * inside a longer path or a URL, a trailing full stop or comma left out.
 */
function sourcePaths(text: string): string[] {
  const found = text.matchAll(/(?<![\w./@~-])(?:src|test|bench|scripts)\/[\w./*{},-]*[\w*}/]/g);
  // The design page names modules from src/ down (`data/writers.ts`, `cli/factory/`).
  const inSrc = text.matchAll(/(?<![\w./@~-])(?:common|resources|schemas|domain|config|api|output|data|bulk|sandbox|snapshot|app|cli)\/(?:[\w.*{},-]+\/)*(?:[\w*{},-]+\.ts\b|(?=[\s`)]))/g);
  return [...new Set([...[...found].map((match) => match[0].replace(/[.,]+$/, '')), ...[...inSrc].map((match) => `src/${match[0]}`)])];
}

/** Does a path exist, `*` standing for any part of one name and `{a,b}` for both? */
function pathExists(path: string): boolean {
  const braces = /\{([^{}]*)\}/.exec(path);
  if (braces) return braces[1]!.split(',').every((choice) => pathExists(path.replace(braces[0], choice)));
  if (!path.includes('*')) return existsSync(join(ROOT, path));
  const parts = path.replace(/\/$/, '').split('/');
  const name = parts.pop()!;
  const dir = join(ROOT, ...parts);
  if (parts.some((part) => part.includes('*')) || !existsSync(dir)) return false;
  const literal = name.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${literal.replace(/\*/g, '[^/]*')}$`);
  return readdirSync(dir).some((entry) => pattern.test(entry));
}

describe('paths of the source named in the README and the manual exist', () => {
  test('the names are read as a reader reads them', () => {
    expect(sourcePaths('see `src/cli/run.ts`, test/e2e/harness.ts. And src/output/xlsx-*.ts, src/cli/session/{settings,output}.ts')).toEqual(['src/cli/run.ts', 'test/e2e/harness.ts', 'src/output/xlsx-*.ts', 'src/cli/session/{settings,output}.ts']);
    expect(sourcePaths('https://example.com/src/x.ts ../test/a.test.ts dist/src/y.ts')).toEqual([]);
    expect(sourcePaths('`data/writers.ts` wires cli/factory/ (app/factory.ts), ~/.config/rentals/history/ and 1/2')).toEqual(['src/data/writers.ts', 'src/cli/factory/', 'src/app/factory.ts']);
    expect(pathExists('src/data/undo.ts')).toBe(false);
    expect(pathExists('src/cli/session/{settings,output}.ts')).toBe(true);
    expect(pathExists('src/cli/session/{settings,gone}.ts')).toBe(false);
    expect(pathExists('src/output/xlsx-*.ts')).toBe(true);
    expect(pathExists('src/cli/session.ts')).toBe(false);
  });

  const named = manualFiles().flatMap((file) => sourcePaths(readDoc(file)).map((path) => [file, path] as const));

  test('the docs name paths to check', () => {
    expect(named.length).toBeGreaterThan(50);
  });

  test.each(named)('%s names %s', (file, path) => {
    expect(pathExists(path), `${file} names ${path}, which does not exist (moved? say where it is now)`).toBe(true);
  });
});

describe("the manual's index", () => {
  test('lists every page of the manual', () => {
    const listed = new Set(links('docs/README.md').map((link) => link.target.split('#')[0]));
    const pages = manualFiles().filter((file) => file.startsWith('docs/') && file !== 'docs/README.md').map((file) => file.slice('docs/'.length));
    expect(pages.filter((page) => !listed.has(page)), 'add a line to docs/README.md for each').toEqual([]);
  });
});
