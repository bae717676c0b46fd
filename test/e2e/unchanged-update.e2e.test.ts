// An update that gives every field the value it has changes nothing: for every resource that can be
// updated, nothing is sent (no PUT), the exit code is 0, people read "Nothing changed: …", `-o json`
// has the record as it is and no changes, and the history gains no entry to undo.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { type ResourceDef, kebabCase, resourceList, writableFields } from '../../src/resources/definitions.js';
import { cliFor, jsonData } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let rentals: ReturnType<typeof cliFor>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: 'unchanged-token-0123456789', seed: true });
  rentals = cliFor(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});

/** The resources with an update verb, each with the flags that name its parent (a price's item, a booking's event). */
const updatable = resourceList.filter((def) => def.verbs.includes('update'));

/** A field of the record to give again as it is: its name, else the first writable text or number with a value. */
function sameValueFlag(def: ResourceDef, record: Record<string, unknown>): string[] {
  const fields = writableFields(def).filter((f) => f.name !== def.parent?.field && !['id', 'bool', 'datetime'].includes(f.kind) && record[f.name] !== null && record[f.name] !== undefined);
  const field = fields.find((f) => f.name === def.labelField) ?? fields[0];
  return [`--${kebabCase(field!.name)}`, String(record[field!.name])];
}

describe.each(updatable.map((def) => [def.command, def] as const))('%s update to the values it has', (_command, def) => {
  test('sends nothing, says nothing changed, and leaves nothing to undo', async () => {
    const parent = def.parent ? ['--' + kebabCase(def.parent.field), '1'] : [];
    const [record] = jsonData(await rentals([def.command, 'list', ...parent, '-o', 'json']));
    expect(record, `${def.command} list has a record`).toBeDefined();
    const args = [def.command, 'update', String(record!.id), ...parent, ...sameValueFlag(def, record!)];
    const entries = () => rentals(['history', '-o', 'json']).then((r) => jsonData(r).length);
    const before = await entries();

    const said = await rentals([...args, '--verbose', '-o', 'table']);
    expect(said.code, said.stderr).toBe(0);
    expect(said.stderr).not.toMatch(/\* (PUT|POST|DELETE) /);
    expect(`${said.stdout}${said.stderr}`).toMatch(new RegExp(`Nothing changed: .*${record!.id}.* already has those values\\.`));

    const json = await rentals([...args, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { data: Array<Record<string, unknown>>; changes: unknown[] };
    expect(body.changes).toEqual([]);
    expect(body.data[0]).toMatchObject({ id: record!.id });

    expect(await entries()).toBe(before);
  });
});

test('text is compared as written: a postal code 02134 over the 2134 stored is a change, sent', async () => {
  const [event] = jsonData(await rentals(['events', 'list', '-o', 'json']));
  expect((await rentals(['events', 'update', String(event!.id), '--event-postal-code', '2134'])).code).toBe(0);
  const json = await rentals(['events', 'update', String(event!.id), '--event-postal-code', '02134', '-o', 'json']);
  expect(json.code, json.stderr).toBe(0);
  expect((JSON.parse(json.stdout) as { changes: unknown[] }).changes).toHaveLength(1);
  expect(jsonData(await rentals(['events', 'get', String(event!.id), '-o', 'json']))[0]).toMatchObject({ eventPostalCode: '02134' });
});
