// CI runs what the README says it runs: the block of the README's Development section is, line
// for line, what .ci/run runs (its comments and `set`/`cd` preamble aside).

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ROOT, fencedBlocks } from './markdown.js';

const commands = (lines: readonly string[]) => lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#') && !/^(set|cd) /.test(line));

describe('.ci/run', () => {
  test("runs exactly the commands of the README's Development section", () => {
    const block = fencedBlocks('README.md').find((b) => b.notRun?.includes('.ci/run'));
    expect(block, 'README.md: a sh block marked <!-- not run: what .ci/run runs … -->').toBeDefined();
    const script = readFileSync(`${ROOT}.ci/run`, 'utf8').split('\n');
    expect(commands(script)).toEqual(commands(block!.lines));
  });
});
