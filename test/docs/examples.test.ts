// Docs that cannot go stale: every ```sh block of README.md and docs/*.md runs here, in order,
// against a seeded sandbox of its page (one per page, on a free 127.0.0.1 port, its data kept
// where `rentals sandbox --keep` keeps it, under a throwaway HOME), and a command that exits
// otherwise than the example says fails the test, naming the file and line.
//
// The conventions (docs/contributing.md, "Examples that run"):
// - A block whose lines are plain `rentals …` commands runs in-process, through the same entry
//   point as the binary (runRentals); a block with pipes, variables, redirections or files runs
//   in bash, in the page's own directory, with the built bin/rentals.js as `rentals` on the PATH.
// - `# exit N` at the end of a line: that command is expected to exit N (`rentals check` on a
//   calendar with an overbooking exits 1).
// - `<!-- not run: reason -->` on the line before a ```sh fence: the block is not run (a real
//   service, a server that runs until stopped). Output and transcripts go in ```text blocks.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedCredentials } from '../../src/sandbox/credentials.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { BIN, runRentals } from '../e2e/harness.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';
import { type FencedBlock, ROOT, fencedBlocks, manualFiles } from './markdown.js';
import { logicalLines, readLine } from './shell-words.js';

const HAVE_JQ = spawnSync('jq', ['--version']).status === 0;
const HAVE_BASH = spawnSync('bash', ['--version']).status === 0;
/** `.ci/run` sets RENTALS_DOC_TESTS=required: there a missing jq or bash fails instead of skipping. */
const REQUIRED = process.env.RENTALS_DOC_TESTS === 'required';
if (!HAVE_JQ || !HAVE_BASH) {
  const missing = [HAVE_JQ ? '' : 'jq', HAVE_BASH ? '' : 'bash'].filter(Boolean).join(' and ');
  console.warn(`\n!!! ${missing} not installed: the doc examples that need it (test/docs/examples.test.ts) are SKIPPED !!!\n`);
}

const BLOCK_TIMEOUT_MS = 60_000;

/** The run's shared directory: `rentals` on a PATH of its own, and one code cache for every spawned run. */
const suite = fileTempDir('rentals-docs-');
const binDir = join(suite, 'bin');
mkdirSync(binDir);
symlinkSync(BIN, join(binDir, 'rentals'));

interface Page {
  file: string;
  blocks: FencedBlock[];
}

const pages: Page[] = manualFiles()
  .map((file) => ({ file, blocks: fencedBlocks(file).filter((block) => block.lang === 'sh' && block.notRun === undefined) }))
  .filter((page) => page.blocks.length > 0);

function usesJq(block: FencedBlock): boolean {
  return block.lines.some((line) => /(^|[|;&(\s])jq\s/.test(readLine(line).command));
}

/** A block runs in-process when each of its lines is a plain `rentals …` command. */
function inProcess(block: FencedBlock): boolean {
  return logicalLines(block.lines).every((line) => readLine(line.text).words !== undefined);
}

describe.each(pages)('$file', ({ file, blocks }) => {
  let sandbox: Sandbox | undefined;
  let env: Record<string, string>;
  let work: string;

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'main.cjs')), 'the doc test runs the built bin: npm run build first').toBe(true);
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
      PATH: `${binDir}:${process.env.PATH ?? ''}`,
      LANG: 'C.UTF-8',
      HOME: home,
      TMPDIR: process.env.TMPDIR ?? dir,
      XDG_CACHE_HOME: join(suite, 'cache'),
      RENTALS_BASE_URL: sandbox.url,
      RENTALS_TOKEN: sandbox.token,
    };
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  for (const block of blocks) {
    const skip = (!HAVE_BASH && !inProcess(block)) || (!HAVE_JQ && usesJq(block));
    test.skipIf(skip && !REQUIRED)(`${file}:${block.line}`, async () => {
      if (inProcess(block)) await runInProcess(block, env);
      else await runInShell(block, env, work);
    }, BLOCK_TIMEOUT_MS);
  }
});

/** Each line through runRentals, in order; the first that exits otherwise than its example says fails the block. */
async function runInProcess(block: FencedBlock, env: Record<string, string>): Promise<void> {
  for (const { index, text } of logicalLines(block.lines)) {
    const line = readLine(text);
    const result = await runRentals(line.words!, { env });
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
  const path = join(cwd, `.block-${block.line}.sh`);
  writeFileSync(path, script(block));
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
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
