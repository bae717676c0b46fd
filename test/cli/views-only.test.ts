// Command modules return views: none prints by itself or looks at the output format. A source
// scan of the command folders; the runner prints what they return.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const SCANNED = ['cli/commands', 'cli/resource', 'cli/bulk', 'cli/completion'];

/** What printing by itself looks like in source. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bprinter\.|\.printer\b/, 'reaches for the printer'],
  [/\bsession\.format\b|\boptions\.format\s*===?\s*'(?:json|ndjson|table|csv|tsv)'/, 'branches on the output format'],
  [/\bterm\.stdout\b/, 'writes to stdout'],
];

/** Files allowed a forbidden pattern, each with why. */
const ALLOWED: Record<string, string> = {
  // A long-running server's log (banner, URL, export line), written as it serves: not a command's result.
  'cli/commands/sandbox.ts': 'the sandbox server logs to the terminal while it runs',
  // The protocol's messages are what `rentals mcp` writes on stdout; each tool's answer is a command's view, printed by the runner as -o json.
  'cli/commands/mcp/server.ts': 'the MCP server speaks its protocol on stdout',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: what` for each forbidden use outside comments. */
function violations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    return FORBIDDEN.filter(([pattern]) => pattern.test(code)).map(([, what]) => `${file}:${index + 1}: ${what}`);
  });
}

describe('command modules return views', () => {
  test('no module under cli/commands, cli/resource, cli/bulk or cli/completion prints by itself or reads the format', () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(join(SRC, dir)))
      .map((path) => relative(SRC, path))
      .filter((file) => ALLOWED[file] === undefined)
      .flatMap((file) => violations(file, readFileSync(join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  test('the scan sees each pattern (and not comments)', () => {
    expect(violations('a.ts', "  await session.printer.text(url);")).toEqual(['a.ts:1: reaches for the printer']);
    expect(violations('a.ts', "  const { printer } = session;\n  printer.info('x');")).toEqual(['a.ts:2: reaches for the printer']);
    expect(violations('a.ts', "  if (session.format === 'json') return;")).toEqual(['a.ts:1: branches on the output format']);
    expect(violations('a.ts', '  ctx.term.stdout.write(text);')).toEqual(['a.ts:1: writes to stdout']);
    expect(violations('a.ts', '  if (ctx.term.stdoutIsTTY) x();\n  // session.printer.text(url)')).toEqual([]);
  });

  test('every allowed file exists', () => {
    for (const file of Object.keys(ALLOWED)) expect(statSync(join(SRC, file)).isFile(), file).toBe(true);
  });
});
