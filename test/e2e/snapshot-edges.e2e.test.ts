// rentals snapshot and rentals diff at their edges: a failed snapshot to standard output, the
// rows of a record added or removed, snapshots of two services, ids as numbers, file names and
// an empty --out in messages.

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { cliFor, freshConfigDir } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let production: Sandbox;
let dir: string;
let rentals: ReturnType<typeof cliFor>;
let before: string;

beforeAll(async () => {
  production = await startSandbox({ port: 0, token: 'snapshot-edges-token-0123456789', seed: true });
  dir = freshConfigDir();
  rentals = cliFor(production, dir);
  before = join(dir, 'before.json');
  const taken = await rentals(['snapshot', '--out', before]);
  expect(taken.code, taken.stderr).toBe(0);
});

afterAll(async () => {
  await production.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A server in front of the sandbox that answers 401 to every read of `refused` (a path part), the rest passed through. */
async function refusingProxy(refused: string): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(production.url);
  const server: Server = createServer((req, res) => {
    if (req.url?.includes(refused)) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'token expired' }));
      return;
    }
    const forward = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('rentals snapshot to standard output', () => {
  it('a server it cannot reach in time: exit 5, nothing on stdout', async () => {
    const result = await rentals(['snapshot', '--timeout', '0.001', '--retries', '0']);
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
  });

  it('a token refused: exit 3, nothing on stdout', async () => {
    const result = await rentals(['snapshot'], { env: { RENTALS_TOKEN: 'not-the-token-0123456789' } });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
  });

  it('a failure after the first list: a non-zero exit, and stderr says the document on stdout is incomplete', async () => {
    const proxy = await refusingProxy('/inventory');
    try {
      const result = await rentals(['snapshot', '--retries', '0'], { env: { RENTALS_BASE_URL: proxy.url } });
      expect(result.code).toBe(3);
      expect(result.stdout).toMatch(/^\{"kind":"rentals-snapshot"/);
      expect(result.stderr).toMatch(/^error: .*401/m);
      expect(result.stderr).toMatch(/the snapshot on standard output is incomplete/i);
    } finally {
      await proxy.close();
    }
  });

  it('a whole snapshot to stdout says nothing of incompleteness', async () => {
    const result = await rentals(['snapshot']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: 'rentals-snapshot' });
    expect(result.stderr).not.toContain('incomplete');
  });
});

describe('rentals diff of a record added or removed', () => {
  it('shows the record without its Links in every format; ids are numbers; a table stays one line of fields', async () => {
    const added = await rentals(['inventory', 'add', '--name', 'Edge Tent', '--quantity-available', '3', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const id = (JSON.parse(added.stdout) as { data: Array<{ id: number }> }).data[0]!.id;
    try {
      const json = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'json']);
      expect(json.code, json.stderr).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({ data: [{ resource: 'inventory', id, change: 'added', after: { id, name: 'Edge Tent', quantityAvailable: 3, active: 1 } }] });
      const ndjson = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'ndjson']);
      expect(JSON.parse(ndjson.stdout)).toEqual({ resource: 'inventory', id, change: 'added', field: null, before: null, after: { id, name: 'Edge Tent', quantityAvailable: 3, active: 1 } });
      const csv = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'csv']);
      expect(csv.stdout).toBe(`resource,id,change,field,before,after\ninventory,${id},added,,,"{""id"":${id},""name"":""Edge Tent"",""quantityAvailable"":3,""active"":1}"\n`);
      const tsv = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'tsv']);
      expect(tsv.stdout).toBe(`inventory\t${id}\tadded\t\t\t{"id":${id},"name":"Edge Tent","quantityAvailable":3,"active":1}\n`);
      const table = await rentals(['diff', before, '--live', '--only', 'inventory', '-o', 'table'], { env: { COLUMNS: '80' } });
      expect(table.stdout).not.toMatch(/Links|href/);
      // At 80 columns the row folds between its fields: a few lines, the label first.
      expect(table.stdout.replace(/\s*│\s*/g, ' ').replace(/\s+/g, ' ')).toContain('name: Edge Tent, quantityAvailable: 3, active: 1');
      expect(table.stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(7);
      // The removed side, file against file: the record as the first file had it, without Links.
      const after = join(dir, 'after-added.json');
      expect((await rentals(['snapshot', '--out', after])).code).toBe(0);
      const removed = await rentals(['diff', after, before, '--only', 'inventory', '-o', 'json']);
      expect(JSON.parse(removed.stdout)).toEqual({ data: [{ resource: 'inventory', id, change: 'removed', before: { id, name: 'Edge Tent', quantityAvailable: 3, active: 1 } }] });
    } finally {
      expect((await rentals(['inventory', 'delete', String(id), '--yes'])).code).toBe(0);
    }
  });

  it('a field changed: its id is a number in json and ndjson, as in history and the snapshot', async () => {
    const document = JSON.parse(readFileSync(before, 'utf8')) as { resources: { inventory: Array<Record<string, unknown>> } };
    const first = document.resources.inventory[0]!;
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, JSON.stringify({ ...document, resources: { ...document.resources, inventory: [{ ...first, quantityAvailable: Number(first.quantityAvailable) + 1 }, ...document.resources.inventory.slice(1)] } }));
    const json = await rentals(['diff', before, changed, '-o', 'json']);
    expect((JSON.parse(json.stdout) as { data: Array<{ id: unknown }> }).data[0]!.id).toBe(first.id);
    const ndjson = await rentals(['diff', before, changed, '-o', 'ndjson']);
    expect((JSON.parse(ndjson.stdout) as { id: unknown }).id).toBe(first.id);
  });
});

describe('rentals diff of snapshots of two services', () => {
  it('warns on stderr naming both sources (no userinfo), and still compares', async () => {
    const document = JSON.parse(readFileSync(before, 'utf8')) as Record<string, unknown>;
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...document, source: 'https://shop:s3cret-pass@other.example.com' }));
    const live = await rentals(['diff', other, '--live']);
    expect(live.code, live.stderr).toBe(0);
    expect(live.stderr).toContain(`warning: ${other} was taken of https://other.example.com, the service now is ${production.url}`);
    expect(live.stderr).not.toContain('s3cret');
    const files = await rentals(['diff', before, other, '-o', 'json']);
    expect(files.code).toBe(0);
    expect(files.stdout).toBe('');
    expect(files.stderr).toContain(`warning: ${before} was taken of ${production.url}, ${other} of https://other.example.com`);
    const same = await rentals(['diff', before, before]);
    expect(same.stderr).not.toContain('warning');
  });
});

describe('file names in messages', () => {
  it('a newline or an escape in a file name is shown escaped on stderr', async () => {
    const name = join(dir, 'a\nb\u001b[31m.json');
    const written = await rentals(['snapshot', '--out', name]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toContain(`Snapshot written to ${dir}/a\\nb\\x1b[31m.json:`);
    rmSync(name);
    const missing = await rentals(['diff', join(dir, 'no\nx.json'), '--live']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: ${dir}/no\\nx.json: no such file\n`);
    const body = await rentals(['inventory', 'add', '--file', join(dir, 'no\nx.json')]);
    expect(body.code).toBe(2);
    expect(body.stderr).toBe(`error: --file ${dir}/no\\nx.json: no such file\n`);
    const notWritten = await rentals(['snapshot', '--out', join(dir, 'no\ndir', 'x.json')]);
    expect(notWritten.code).toBe(2);
    expect(notWritten.stderr).toBe(`error: --out: cannot write ${dir}/no\\ndir/x.json: no such directory\n`);
  });

  it("a bulk file's rows, its plan and report, and a token file are named with the newline escaped too", async () => {
    const sheet = join(dir, 'bad\nsheet.csv');
    writeFileSync(sheet, 'name,quantityAvailable\nEscaped Lamp,-3\n');
    const refused = await rentals(['inventory', 'import', sheet, '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${dir}/bad\\nsheet.csv:2`);
    writeFileSync(sheet, 'name,quantityAvailable\nEscaped Lamp,3\n');
    const plan = join(dir, 'the\nplan.json');
    const planned = await rentals(['inventory', 'import', sheet, '--plan', plan]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(`Plan written to ${dir}/the\\nplan.json`);
    const report = join(dir, 'the\nreport.csv');
    const applied = await rentals(['inventory', 'import', sheet, '--report', report, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`${dir}/the\\nreport.csv`);
    expect(applied.stderr).not.toMatch(/the\nreport/);
    const token = await rentals(['inventory', 'list', '--token-file', join(dir, 'no\ntoken')]);
    expect(token.code).not.toBe(0);
    expect(token.stderr).toContain(`${dir}/no\\ntoken`);
    expect(token.stderr).not.toMatch(/no\ntoken/);
  });

  it('a run with rows that did not apply names its report escaped, and its --resume command quoted for the shell', async () => {
    const sheet = join(dir, 'half.csv');
    writeFileSync(sheet, 'name,quantityAvailable\nHalf Lamp,3\nHalf Bad,-3\n');
    const report = join(dir, 'my run\nx.ndjson');
    const run = await rentals(['inventory', 'import', sheet, '--skip-invalid', '--yes', '--report', report]);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain(`${dir}/my run\\nx.ndjson says why; retry them with: rentals inventory import --resume $'${dir}/my run\\nx.ndjson' --yes`);
    writeFileSync(report, 'not json\n');
    const resumed = await rentals(['inventory', 'import', sheet, '--resume', report, '--yes']);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).not.toMatch(/my run\nx/);
    expect(resumed.stderr).toContain('my run\\nx.ndjson');
  });

  it('an empty --out (or --token-file) is a usage error naming the flag, for snapshot and for the global --out', async () => {
    for (const args of [['snapshot', '--out', ''], ['inventory', 'list', '--out', ''], ['inventory', 'list', '-o', 'json', '--out', ''], ['inventory', 'list', '--token-file', '']]) {
      const result = await rentals([...args, '--verbose']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(new RegExp(`^error: ${args.at(-2)}: the file name is empty`, 'm'));
      expect(result.stderr).not.toMatch(/^\* GET/m);
      expect(result.stdout).toBe('');
    }
  });

  it('leaves nothing beside the files it wrote', () => {
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('rentals snapshot --out: the formats of the sentence it prints', () => {
  it('-o table prints the sentence and -o ndjson its record: the formats of a snapshot written to a file, not of one on stdout', async () => {
    const target = join(dir, 'formats.json');
    const table = await rentals(['snapshot', '--out', target, '--force', '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout + table.stderr).toContain('Snapshot written');
    const ndjson = await rentals(['snapshot', '--out', target, '--force', '-o', 'ndjson']);
    expect(ndjson.code, ndjson.stderr).toBe(0);
    expect(() => JSON.parse(ndjson.stdout.trim().split('\n')[0]!)).not.toThrow();
    expect(JSON.parse(readFileSync(target, 'utf8')).resources).toBeDefined();
  });

  it('on stdout it still prints JSON only: -o table is refused, naming json', async () => {
    const result = await rentals(['snapshot', '-o', 'table']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('use json');
  });

  it('with --out, -o csv is refused naming the formats of its sentence', async () => {
    const result = await rentals(['snapshot', '--out', join(dir, 'refused.json'), '-o', 'csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use table, json, ndjson');
  });
});
