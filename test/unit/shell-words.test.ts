// The words the tool prints for a user to paste (ways out, history's command lines, the missing
// price's command) read back by real shells as exactly the words meant: bash and zsh for every
// word, dash (Debian's sh) for words without a control character (it has no $'…' quoting).

import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hasControl } from '../../src/common/sanitize.js';
import { shellLine, shellWord } from '../../src/common/shell-words.js';
import { withoutWords } from '../../src/domain/way-out-commands.js';
import { TERMINAL_TESTS_REQUIRED, terminalProgram } from '../helpers/terminal-programs.js';

/** Characters a name may hold that a shell or a terminal would act on, and some it would not. */
const CHARS = ['a', 'Z', '7', ' ', "'", '"', '\\', '$', '`', '!', '*', '?', '~', '#', ';', '&', '|', '<', '>', '(', ')', '{', '}', '[', ']', '=', '-', '%', 'é', '🎪', '\t', '\n', '\r', '\u001b', '\u0007', '\u007f', '\u009b', '\u202e', '\u2028'];
const HARD = ['', "'", "it's", '\\', "\\'", "a'\tb", "$'x'", '-n', '--price', 'Tent\tA', 'x\u001b[31my', '\u2028', "Weekend $pecial"];
const WORDS = [...HARD, ...fc.sample(fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 12 }), { numRuns: 400, seed: 36 })];

/** The words `shell` reads from the line, each as printf's %s printed it. */
function readBack(shell: string, words: readonly string[], locale = 'C.UTF-8'): string[] {
  // No start-up files: the shell as it reads a line, not as this machine's user set it up.
  const quiet = shell === 'bash' ? ['--norc', '--noprofile'] : shell === 'zsh' ? ['-f'] : [];
  const result = spawnSync(shell, [...quiet, '-c', `printf '%s\\0' ${shellLine(words)}`], { encoding: 'utf8', env: { PATH: process.env.PATH, LANG: locale } });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.split('\0').slice(0, -1);
}

describe('shellWord: a pasted word is the word meant', () => {
  test('bash reads back every word, controls and quotes included', () => {
    expect(readBack('bash', WORDS)).toEqual(WORDS);
  });

  test('bash reads them back alike in the C locale: a control beyond ASCII is written as its UTF-8 bytes, not as \\u', () => {
    expect(readBack('bash', WORDS, 'C')).toEqual(WORDS);
    expect(shellWord('a\u202eb')).toBe(String.raw`$'a\xe2\x80\xaeb'`);
  });

  test.skipIf(!terminalProgram('zsh', 'the zsh reading of pasted words (test/unit/shell-words.test.ts)') && !TERMINAL_TESTS_REQUIRED)('zsh reads back every word', () => {
    expect(readBack('zsh', WORDS)).toEqual(WORDS);
  });

  test('dash reads back every word without a control character', () => {
    const plain = WORDS.filter((word) => !hasControl(word));
    expect(plain.length).toBeGreaterThan(50);
    expect(readBack('dash', plain)).toEqual(plain);
  });

  test('a printed line holds no control character: a TAB cannot ask the shell to complete, an ESC cannot reach the terminal', () => {
    expect(shellWord('Tent\tA')).toBe(String.raw`$'Tent\tA'`);
    for (const word of WORDS) expect(hasControl(shellWord(word)), JSON.stringify(word)).toBe(false);
  });

  test('a way out that drops a flag splits the line into the words it was made of', () => {
    for (const word of WORDS) expect(withoutWords(shellLine(['rentals', word, '--substitute']), ['--substitute'])).toBe(shellLine(['rentals', word]));
  });
});
