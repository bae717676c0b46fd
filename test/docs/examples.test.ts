// Docs that cannot go stale: every ```sh block of README.md and docs/*.md runs here, in order,
// against a seeded sandbox of its page (one per page, on a free 127.0.0.1 port, its data kept
// where `rentals sandbox --keep` keeps it, under a throwaway HOME), in a working directory of its
// page; a command that exits otherwise than the example says fails the test, naming the file and
// line.
//
// How a block runs (the conventions are in docs/contributing.md, "Examples that run"):
// - Plain `rentals …` lines run in-process, through the same entry point as the binary (runRentals).
// - A block with pipes, variables or redirections runs in bash. There `rentals` is a small script
//   (test/helpers/shell-rentals.ts) that hands its arguments, environment, directory and stdin to this
//   process, which runs them in-process too, one at a time: a real shell, without a Node start
//   per command.
// - `# exit N` at the end of a line: that command is expected to exit N.
// - `<!-- not run: reason -->` on the line before a ```sh fence: the block is not run.
// - The examples of the README's table of commands run too, each as a block of one line.
//
// This file runs in a process of its own (vitest.config.ts, the docs project), so that it can
// change the working directory for each command and put it back.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedCredentials } from '../../src/sandbox/credentials.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type RunResult, runRentals } from '../e2e/harness.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type ShellRentals, shellRentals } from '../helpers/shell-rentals.js';
import { type FencedBlock, fencedBlocks, manualFiles, readDoc } from './markdown.js';
import { logicalLines, readLine } from './shell-words.js';

const HAVE_JQ = spawnSync('jq', ['--version']).status === 0;
const HAVE_BASH = spawnSync('bash', ['--version']).status === 0;
/** `.ci/run` sets RENTALS_DOC_TESTS=required: there a missing jq or bash fails instead of skipping. */
const REQUIRED = process.env.RENTALS_DOC_TESTS === 'required';
if (!HAVE_JQ || !HAVE_BASH) {
  const missing = [HAVE_JQ ? '' : 'jq', HAVE_BASH ? '' : 'bash'].filter(Boolean).join(' and ');
  console.warn(`\n!!! ${missing} not installed: the doc examples that need it (test/docs/examples.test.ts) are SKIPPED. Install: apt-get install -y ${missing.replace(' and ', ' ')} !!!\n`);
}

const BLOCK_TIMEOUT_MS = 60_000;

interface Page {
  file: string;
  blocks: Array<{ name: string; block: FencedBlock }>;
}

/**
 * The examples of the README's "Commands at a glance" (its last column), each a block of one line,
 * run after the page's own blocks; all but `rentals sandbox`, a server that runs until stopped.
 */
function commandsAtAGlance(): Array<{ name: string; block: FencedBlock }> {
  const lines = readDoc('README.md').split('\n');
  const start = lines.findIndex((line) => line.startsWith('## Commands at a glance'));
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start, end).flatMap((line, index) => {
    const example = /^\|.*\| `(rentals [^`]*)` \|$/.exec(line)?.[1];
    if (example === undefined || example.startsWith('rentals sandbox')) return [];
    // As a block whose fence is the line before the row, so that its line 1 is the row.
    const block = { file: 'README.md', line: start + index, lang: 'sh', lines: [example] };
    return [{ name: `README.md:${start + index + 1} (commands at a glance)`, block }];
  });
}

const pages: Page[] = manualFiles()
  .map((file) => {
    const blocks = fencedBlocks(file)
      .filter((block) => block.lang === 'sh' && block.notRun === undefined)
      .map((block) => ({ name: `${file}:${block.line}`, block }));
    return { file, blocks: file === 'README.md' ? [...blocks, ...commandsAtAGlance()] : blocks };
  })
  .filter((page) => page.blocks.length > 0);

function usesJq(block: FencedBlock): boolean {
  return block.lines.some((line) => /(^|[|;&(\s])jq\s/.test(readLine(line).command));
}

/** A block runs without a shell when each of its lines is a plain `rentals …` command. */
function plain(block: FencedBlock): boolean {
  return logicalLines(block.lines).every((line) => readLine(line.text).words !== undefined);
}

/** `rentals` in cwd, in this process; runs are queued, since each sets the working directory. */
let queue: Promise<unknown> = Promise.resolve();
function rentalsIn(cwd: string, args: string[], env: Record<string, string>, input = ''): Promise<RunResult> {
  const run = queue.then(async () => {
    const home = process.cwd();
    process.chdir(cwd);
    try {
      return await runRentals(args, { env, input });
    } finally {
      process.chdir(home);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

const suite = fileTempDir('rentals-docs-');
const runs = join(suite, 'runs');
let shell: ShellRentals;

beforeAll(async () => {
  mkdirSync(runs);
  shell = await shellRentals(({ args, env, cwd, stdin }) => rentalsIn(cwd, args, env, stdin));
});
afterAll(async () => {
  await shell?.close();
});

describe.each(pages)('$file', ({ blocks }) => {
  let sandbox: Sandbox | undefined;
  let env: Record<string, string>;
  let work: string;

  beforeAll(async () => {
    const dir = fileTempDir('rentals-docs-page-');
    const home = join(dir, 'home');
    work = join(dir, 'work');
    mkdirSync(work);
    // Where `rentals sandbox --keep` keeps its data, so that `rentals sandbox --keep --print-env` names this one.
    const dataDir = join(home, '.local', 'share', 'rentals');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const data = join(dataDir, 'sandbox.json');
    sandbox = await startSandbox({ port: 0, seed: true, data, ...(await storedCredentials(data)), log: () => undefined });
    env = {
      PATH: `${shell.binDir}:${process.env.PATH ?? ''}`,
      LANG: 'C.UTF-8',
      HOME: home,
      TMPDIR: process.env.TMPDIR ?? dir,
      RENTALS_BASE_URL: sandbox.url,
      RENTALS_TOKEN: sandbox.token,
      ...shell.env,
    };
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  for (const { name, block } of blocks) {
    const skip = (!HAVE_BASH && !plain(block)) || (!HAVE_JQ && usesJq(block));
    test.skipIf(skip && !REQUIRED)(name, async () => {
      if (plain(block)) await runPlain(block, env, work);
      else await runInShell(block, env, work);
    }, BLOCK_TIMEOUT_MS);
  }
});

/** Each line in-process, in order; the first that exits otherwise than its example says fails the block. */
async function runPlain(block: FencedBlock, env: Record<string, string>, cwd: string): Promise<void> {
  for (const { index, text } of logicalLines(block.lines)) {
    const line = readLine(text);
    const result = await rentalsIn(cwd, line.words!, env);
    expect(result.code, `${block.file}:${block.line + 1 + index}: ${line.command}\nexited ${result.code}, expected ${line.expectedExit}\n${result.stderr}${result.stdout}`).toBe(line.expectedExit);
  }
}

/** The first line of the script: stop at the first failure and say on which line of the block it was. */
const PRELUDE = `set -eEo pipefail; trap 'echo "doc-test: line $((LINENO - 1)) exited $?" >&2' ERR`;

/**
 * The block as a bash script, one line for one line (so bash's line numbers are the block's),
 * each `cmd  # exit N` line made to check that cmd exits N.
 */
function script(block: FencedBlock): string {
  const lines = block.lines.map((text, index) => {
    const line = readLine(text);
    if (line.expectedExit === 0) return text;
    return `__rc=0; ${line.command} || __rc=$?; [ "$__rc" = ${line.expectedExit} ] || { echo "doc-test: line ${index + 1} exited $__rc, expected ${line.expectedExit}" >&2; exit 1; }`;
  });
  return `${PRELUDE}\n${lines.join('\n')}\n`;
}

async function runInShell(block: FencedBlock, env: Record<string, string>, cwd: string): Promise<void> {
  const path = join(runs, `block-${block.file.replace(/\W/g, '-')}-${block.line}.sh`);
  writeFileSync(path, script(block));
  const result = await new Promise<RunResult>((resolve, reject) => {
    const child = spawn('bash', [path], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), BLOCK_TIMEOUT_MS - 5_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  if (result.code === 0) return;
  const failed = /doc-test: line (\d+) exited (\d+)(, expected \d+)?/.exec(result.stderr);
  const where = failed ? `${block.file}:${block.line + Number(failed[1])}: ${block.lines[Number(failed[1]) - 1]?.trim()}` : `${block.file}:${block.line}`;
  expect.fail(`${where}\n${failed ? `exited ${failed[2]}${failed[3] ?? ''}` : `the block exited ${result.code}`}\n${result.stderr}${result.stdout.slice(-2000)}`);
}
