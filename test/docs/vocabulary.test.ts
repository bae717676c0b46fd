// The repository speaks to its users: no word of how the work was organised (a numbered stop,
// round or ticket, a reviewer) in any tracked file — docs, changelog, benchmarks, code comments,
// test names, scripts. A test says what behaviour it proves, not who asked for it.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ROOT, prose } from './markdown.js';

/** Words that name the work, not the product (case-insensitive). */
const INTERNAL = [
  /\bstops? [0-9]+/i,
  /\bissues? #?[0-9]+/i,
  /(?<!-)\brounds? [0-9]+(?![.\d])/i,
  /\bthe review(er)?s?\b/i,
];
/** In prose (Markdown outside code) also the name of who did it. */
const INTERNAL_IN_PROSE = [...INTERNAL, /\bhelpers?\b/i];

const SELF = 'test/docs/vocabulary.test.ts';

function trackedFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  expect(git.status, `git ls-files failed: ${git.stderr}`).toBe(0);
  return git.stdout
    .split('\0')
    .filter((path) => path !== '' && path !== SELF && path !== 'package-lock.json')
    .filter((path) => /\.(ts|mts|cts|js|mjs|cjs|md|json|jsonc|sh|ya?ml|txt)$|(^|\/)(run|LICENSE)$/.test(path));
}

function findInternalWords(path: string, text: string): string[] {
  const markdown = path.endsWith('.md');
  const lines = markdown ? prose(text) : text.split('\n');
  const code = markdown ? text.split('\n') : [];
  const found: string[] = [];
  lines.forEach((line, index) => {
    for (const pattern of markdown ? INTERNAL_IN_PROSE : INTERNAL) {
      const match = pattern.exec(line);
      if (match) found.push(`${path}:${index + 1}: "${match[0]}" in ${line.trim().slice(0, 160)}`);
    }
  });
  // Code blocks and inline code of Markdown are held to the same words as code.
  code.forEach((line, index) => {
    if (lines[index] === line) return;
    for (const pattern of INTERNAL) {
      const match = pattern.exec(line);
      if (match) found.push(`${path}:${index + 1}: "${match[0]}" in ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

/** Words joined by a space: the samples below are put together at run time, so that a search of the repository for them finds nothing. */
const said = (...words: Array<string | number>): string => words.join(' ');

describe('no internal vocabulary', () => {
  test('the patterns find what they are for, and leave --round 0.01 alone', () => {
    const samples = [`// since ${said('stop', 33)}`, `// (${said('issue', 28)}, ${said('stop', 34)})`, `// this ${said('round', 2)} change`, `// found by ${said('the', 'reviewer')}`];
    expect(findInternalWords('x.ts', samples.join('\n'))).toHaveLength(5);
    expect(findInternalWords('x.md', 'another helper wrote it\n`test/helpers/api.ts`')).toHaveLength(1);
    expect(findInternalWords('x.ts', "rentals prices import - --round 0.01\n--amount -5 --round 1\n// p99 per round 3.0, 2.2\n// stops at the first failure")).toEqual([]);
  });

  test('no tracked file names a stop, a round, an issue number or a reviewer', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => findInternalWords(path, readFileSync(`${ROOT}${path}`, 'utf8')));
    expect(found, `say what the code or the test does instead:\n${found.join('\n')}`).toEqual([]);
  });
});
