// Every relative link of the documentation resolves: the file exists, and the anchor, when there
// is one, is a heading (or an explicit id) of that file.

import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, anchors, links, markdownFiles, readDoc, slug } from './markdown.js';

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
