// Undo exactly once, and safe when it stops part way, against the real sandbox: two `rentals undo`
// processes (the built bin) of the same entry at the same moment put it back once (the other waits,
// then is refused: undone already); an undo killed (kill -9) while a write is in flight, one whose
// answer a gateway lost after the sandbox applied it, and one that meets a colleague's change while
// it runs, each leave the history saying what was and was not written, and `--finish` (or
// `--reverse`) goes on from there without writing anything twice. A fault proxy (test/helpers/
// fault-proxy.ts) holds or fails the undo's writes at a chosen one, so each case is the same every run.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { openSandbox } from '../sandbox/helpers.js';
import { type RunResult, cliEnv, cliFor, freshConfigDir, jsonData, ok, runBin, startBin } from './harness.js';
import { data } from './server-state.js';

const LONG = process.env.RENTALS_LONG_TESTS === '1';
const TRIES = LONG ? 10 : 2;

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
const proxies: FaultProxy[] = [];
beforeAll(async () => {
  sandbox = await openSandbox();
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await sandbox?.close();
});

let serial = 0;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => data(sandbox.call, method, path, body);

async function item(quantityAvailable = 20): Promise<number> {
  const [record] = await call('POST', '/v2/inventory', { name: `Undo safety item ${++serial}`, quantityAvailable, active: 1 });
  const id = Number(record!.id);
  await call('POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price: 10 });
  return id;
}

async function event(day: string): Promise<{ id: number; name: string }> {
  const name = `Undo safety event ${++serial}`;
  const [record] = await call('POST', '/v1/events', { eventStatusId: 2, rentalBlockId: 1, eventName: name, dropoffDate: `${day}T08:00:00`, startDate: `${day}T08:00:00`, endDate: `${day}T20:00:00`, teardownDate: `${day}T20:00:00`, pickupDate: `${day}T20:00:00` });
  return { id: Number(record!.id), name };
}

async function line(eventId: number, inventoryId: number, quantity: number): Promise<number> {
  const [record] = await call('POST', `/v1/events/${eventId}/inventory`, { eventId, inventoryId, quantity, price: 10 });
  return Number(record!.id);
}

/** The event's lines as [item, quantity], sorted. */
async function lines(eventId: number): Promise<Array<[number, number]>> {
  return (await call('GET', `/v1/events/${eventId}/inventory`)).map((l): [number, number] => [Number(l.inventoryId), Number(l.quantity)]).sort((a, b) => a[0] - b[0]);
}

interface Entry {
  id: string;
  undoes?: string;
  undo?: { of: string; state: string; reason?: string; steps: Array<{ resource: string; id: number; state: string; newId: number | null }> };
  undoneBy?: { entry: string; complete: boolean };
}

async function historyOf(rentals: ReturnType<typeof cliFor>): Promise<Entry[]> {
  return jsonData(ok(await rentals(['history', '-o', 'json']))) as unknown as Entry[];
}

/** An event holding a line of each of `count` items, unbooked through rentals: the entry (its id) that deleted the lines. */
async function unbooked(rentals: ReturnType<typeof cliFor>, count: number, day: string): Promise<{ entry: string; eventId: number; before: Array<[number, number]> }> {
  const party = await event(day);
  for (let n = 0; n < count; n++) await line(party.id, await item(), n + 2);
  const before = await lines(party.id);
  ok(await rentals(['events', 'unbook', String(party.id), ...before.flatMap(([itemId]) => ['--item', String(itemId)])]));
  const [entry] = await historyOf(rentals);
  return { entry: entry!.id, eventId: party.id, before };
}

/**
 * A fault proxy before the sandbox (holding or failing requests as a test asks), and a rentals of
 * its own config directory that goes through it, in process (`rentals`) or spawned (`env`): every
 * run of a test goes through it, since the history is of the API a run talks to.
 */
async function behindProxy(options: Omit<Parameters<typeof startFaultProxy>[0], 'target'> = {}) {
  const proxy = await startFaultProxy({ target: sandbox.url, ...options });
  proxies.push(proxy);
  const configDir = freshConfigDir();
  const at = { url: proxy.url, token: sandbox.token };
  return { proxy, configDir, rentals: cliFor(at, configDir), env: cliEnv(at, configDir) };
}

/** What a running child wrote on stderr so far. */
const stderrSoFar = new WeakMap<object, string>();
function stderrOf(run: ReturnType<typeof startBin>): string {
  if (!stderrSoFar.has(run)) {
    stderrSoFar.set(run, '');
    run.child.stderr.on('data', (chunk: Buffer | string) => stderrSoFar.set(run, stderrSoFar.get(run)! + String(chunk)));
  }
  return stderrSoFar.get(run)!;
}

/**
 * `rentals …argv` as a process, sent SIGINT while its second booking-line POST is held at the
 * proxy; the held write is let through once the run has taken the Ctrl-C. How it ended.
 */
async function interruptedAtSecondLine(proxy: FaultProxy, env: Record<string, string>, argv: string[]): Promise<RunResult> {
  const held = proxy.gate((r) => r.method === 'POST' && r.path.endsWith('/inventory'), 1);
  const run = startBin(argv, { env, timeoutMs: 30_000 });
  stderrOf(run);
  await held;
  run.child.kill('SIGINT');
  await expect.poll(() => stderrOf(run).includes('Interrupted: stopping after the write in flight')).toBe(true);
  proxy.open();
  return run.done;
}

/** Two `rentals undo <entry>` processes started at the same moment. */
async function twoUndos(env: Record<string, string>, entry: string): Promise<RunResult[]> {
  return Promise.all([0, 1].map(() => runBin(['undo', entry], { env, timeoutMs: 30_000 })));
}

describe('two undos of the same entry at the same moment', () => {
  test(`${TRIES} tries with deleted booking lines: the lines come back once; one undo writes, the other is refused (undone already)`, async () => {
    let restoredTwice = 0;
    for (let n = 0; n < TRIES; n++) {
      const configDir = freshConfigDir();
      const rentals = cliFor(sandbox, configDir);
      const { entry, eventId, before } = await unbooked(rentals, 2, `2033-02-${String(n + 1).padStart(2, '0')}`);
      expect(await lines(eventId)).toEqual([]);
      const results = await twoUndos(cliEnv(sandbox, configDir), entry);
      if ((await lines(eventId)).length > before.length) restoredTwice++;
      expect(await lines(eventId)).toEqual(before);
      expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
      expect(results.find((r) => r.code === 1)!.stderr).toContain(`entry ${entry} was undone already, by entry `);
    }
    process.stderr.write(`concurrent undos of deleted lines: ${TRIES} tries, ${restoredTwice} restored twice\n`);
  }, 120_000);

  test(`${TRIES} tries with a deleted event: it comes back as one event, never two`, async () => {
    let restoredTwice = 0;
    for (let n = 0; n < TRIES; n++) {
      const configDir = freshConfigDir();
      const rentals = cliFor(sandbox, configDir);
      const party = await event(`2033-03-${String(n + 1).padStart(2, '0')}`);
      ok(await rentals(['events', 'delete', String(party.id), '--yes']));
      const [deleted] = await historyOf(rentals);
      const results = await twoUndos(cliEnv(sandbox, configDir), deleted!.id);
      const copies = (await call('GET', '/v1/events')).filter((e) => e.eventName === party.name);
      if (copies.length > 1) restoredTwice++;
      expect(copies).toHaveLength(1);
      expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    }
    process.stderr.write(`concurrent undos of a deleted event: ${TRIES} tries, ${restoredTwice} restored twice\n`);
  }, 120_000);
});

describe('an undo that stops part way', () => {
  test('killed (kill -9) while a line it brings back is in flight: history names the interrupted undo; --finish looks the line up and writes the rest, each line once', async () => {
    const { proxy, rentals, env } = await behindProxy();
    const { entry, eventId, before } = await unbooked(rentals, 3, '2033-04-01');
    // The first line comes back; the second POST is held at the proxy, and the undo is killed there.
    const held = proxy.gate((r) => r.method === 'POST' && r.path.endsWith('/inventory'), 1);
    const run = startBin(['undo', entry], { env, timeoutMs: 30_000 });
    await held;
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.code).toBeNull();
    // The held POST reaches the sandbox after its client died: applied, and its answer never read.
    proxy.open();
    await expect.poll(async () => (await lines(eventId)).length).toBe(2);

    const listed = ok(await rentals(['history']));
    const undo = (await historyOf(rentals)).find((e) => e.undoes === entry)!;
    expect(listed.stderr).toContain(`entry ${undo.id} did not finish undoing entry ${entry} (interrupted: the process ended while it wrote)`);
    expect(listed.stderr).toMatch(/put back: booking \d+ \(back as \d+\)\n {2}sent, never answered \(it may have been applied\): booking \d+\n {2}not sent: booking \d+/);
    expect(undo.undo).toMatchObject({ of: entry, state: 'interrupted' });
    expect(undo.undo!.steps.map((s) => s.state)).toEqual(['done', 'in doubt', 'not sent']);

    const again = await rentals(['undo', entry]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`rentals undo ${undo.id} --finish`);
    expect(again.stderr).toContain(`rentals undo ${undo.id} --reverse`);
    expect(again.stderr).toContain('Nothing was written.');

    const finished = ok(await rentals(['undo', '--finish']));
    expect(finished.stderr).toContain(`Finished the undo of entry ${entry} (entry ${undo.id}): 1 more record put back.`);
    expect(await lines(eventId)).toEqual(before);
    const [after] = (await historyOf(rentals)).filter((e) => e.id === undo.id);
    expect(after!.undo).toMatchObject({ state: 'complete' });
    expect(after!.undo!.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
    const twice = await rentals(['undo', entry]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('was undone already');
  }, 60_000);

  test('Ctrl-C while a line is in flight: that write is answered, no other starts; exit 130, recorded as partial; --reverse takes back what it wrote', async () => {
    const { proxy, rentals, env } = await behindProxy();
    const { entry, eventId } = await unbooked(rentals, 3, '2033-04-04');
    const stopped = await interruptedAtSecondLine(proxy, env, ['undo', entry]);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain(`The undo of entry ${entry} stopped part way (interrupted by Ctrl-C).`);
    expect(stopped.stderr).toMatch(/put back: booking \d+ \(back as \d+\), booking \d+ \(back as \d+\)\n {2}not sent: booking \d+/);
    expect(await lines(eventId)).toHaveLength(2);
    const undo = (await historyOf(rentals)).find((e) => e.undoes === entry)!;
    expect(undo.undo).toMatchObject({ state: 'partial', reason: 'interrupted by Ctrl-C' });
    ok(await rentals(['undo', undo.id, '--reverse']));
    expect(await lines(eventId)).toEqual([]);
    // Taken back: the entry can be undone afresh, whole.
    ok(await rentals(['undo', entry]));
    expect(await lines(eventId)).toHaveLength(3);
  }, 60_000);

  test('an answer lost after the sandbox applied it: exit 5, the line recorded as put back; --finish writes only what was not', async () => {
    // The second line the undo brings back is applied, and its answer lost (502); every run through the proxy.
    let failing = false;
    let posts = 0;
    const { rentals } = await behindProxy({ force: (r) => (failing && r.method === 'POST' && r.path.endsWith('/inventory') && ++posts === 2 ? '502' : undefined), forceAfterServer: true });
    const { entry, eventId, before } = await unbooked(rentals, 3, '2033-04-02');
    failing = true;
    const lost = await rentals(['undo', entry, '--retries', '0']);
    expect(lost.code, lost.stderr).toBe(5);
    expect(lost.stderr).toMatch(/Looked up: it was applied: booking \d+ is new and holds every value sent\./);
    const [undo] = await historyOf(rentals);
    expect(lost.stderr).toContain(`The undo of entry ${entry} stopped part way (stopped by an error: POST `);
    expect(lost.stderr).toContain(`Finish it: rentals undo ${undo!.id} --finish`);
    expect(undo!.undo!.steps.map((s) => s.state)).toEqual(['done', 'done', 'not sent']);
    expect(undo!.undo).toMatchObject({ state: 'partial' });

    const refused = await rentals(['undo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`entry ${undo!.id} (rentals undo ${entry} --retries 0`);
    ok(await rentals(['undo', entry, '--finish']));
    expect(await lines(eventId)).toEqual(before);
  }, 60_000);

  test('a record changed after an undo stopped is left as it is by --finish, said by the field as the history says it', async () => {
    // The first line the undo puts back is applied and its answer lost (502): the undo stops, the other line not sent.
    let failing = false;
    let firstPut: string | undefined;
    const { rentals } = await behindProxy({ force: (r) => (failing && r.method === 'PUT' && (firstPut ??= r.path) === r.path ? '502' : undefined), forceAfterServer: true });
    const party = await event('2033-04-05');
    const [lamps, cables] = [await item(), await item()];
    const [lampLine, cableLine] = [await line(party.id, lamps, 2), await line(party.id, cables, 2)];
    ok(await rentals(['events', 'book', String(party.id), '--item', `${lamps}=5`, '--item', `${cables}=5`]));
    const [booked] = await historyOf(rentals);
    failing = true;
    const stopped = await rentals(['undo', booked!.id, '--retries', '0']);
    expect(stopped.code, stopped.stderr).toBe(5);
    failing = false;
    const changed = firstPut!.endsWith(`/${lampLine}`) ? cableLine : lampLine;
    await call('PUT', `/v1/events/${party.id}/inventory/${changed}`, { id: changed, eventId: party.id, inventoryId: changed === lampLine ? lamps : cables, quantity: 9, price: 10 });
    const [undo] = await historyOf(rentals);
    const finished = await rentals(['undo', undo!.id, '--finish']);
    expect(finished.stderr).toContain(`warning: booking ${changed} changed since the undo stopped (Quantity is 9 now; the entry left 5): left as it is`);
  }, 60_000);

  test("a colleague's change made while the undo runs is not overwritten: that record is left as it is, the rest put back, exit 6, said exactly", async () => {
    const { proxy, rentals } = await behindProxy();
    const party = await event('2033-04-03');
    const [lamps, cables] = [await item(), await item()];
    const [lampLine, cableLine] = [await line(party.id, lamps, 2), await line(party.id, cables, 2)];
    ok(await rentals(['events', 'book', String(party.id), '--item', `${lamps}=5`, '--item', `${cables}=5`]));
    const [booked] = await historyOf(rentals);
    // The first line's PUT is held; meanwhile a colleague changes the other line.
    let heldPath: string | undefined;
    const held = proxy.gate((r) => r.method === 'PUT' && (heldPath ??= r.path) !== undefined, 0);
    const undoing = rentals(['undo', booked!.id]);
    await held;
    const [putFirst, changed] = heldPath!.endsWith(`/${lampLine}`) ? [lampLine, cableLine] : [cableLine, lampLine];
    const changedItem = changed === lampLine ? lamps : cables;
    await call('PUT', `/v1/events/${party.id}/inventory/${changed}`, { id: changed, eventId: party.id, inventoryId: changedItem, quantity: 9, price: 10 });
    proxy.open();
    const result = await undoing;
    expect(result.code, result.stderr).toBe(6);
    // Said as the history says a difference: the field's title.
    expect(result.stderr).toContain(`left as it is: booking ${changed}: Quantity is 9 now; the entry left 5`);
    expect(result.stderr).toContain(`put back: booking ${putFirst}\n`);
    const expected: Array<[number, number]> = [
      [changedItem, 9],
      [changedItem === lamps ? cables : lamps, 2],
    ];
    expect(await lines(party.id)).toEqual(expected.sort((a, b) => a[0] - b[0]));
  }, 60_000);
});

describe('the undo of a bulk report', () => {
  /** Three items priced 10 for block 1; an import sets block 1 to 20 and adds block 2 at 30 (its report). */
  async function imported(rentals: ReturnType<typeof cliFor>, configDir: string): Promise<{ items: number[]; report: string; prices: () => Promise<string[]> }> {
    const items = [await item(), await item(), await item()];
    const { join } = await import('node:path');
    const { writeFileSync } = await import('node:fs');
    const csv = join(configDir, 'prices.csv');
    writeFileSync(csv, ['inventoryId,rentalBlockId,price', ...items.flatMap((id) => [`${id},1,20`, `${id},2,30`])].join('\n'));
    const report = join(configDir, 'import.ndjson');
    ok(await rentals(['prices', 'import', csv, '--report', report, '--yes']));
    const prices = async () => (await Promise.all(items.map((id) => call('GET', `/v1/inventory/${id}/pricing`)))).flat().map((p) => `${String(p.inventoryId)}/${String(p.rentalBlockId)}=${String(p.price)}`).sort();
    return { items, report, prices };
  }

  test('two undos of the same report at the same moment: put back once; one writes, the other is refused (undone already)', async () => {
    const configDir = freshConfigDir();
    const rentals = cliFor(sandbox, configDir);
    const { items, report, prices } = await imported(rentals, configDir);
    const results = await Promise.all([0, 1].map(() => runBin(['prices', 'import', '--undo', report, '--yes'], { env: cliEnv(sandbox, configDir), timeoutMs: 30_000 })));
    expect(results.map((r) => r.code).sort(), results.map((r) => r.stderr).join('\n')).toEqual([0, 1]);
    expect(results.find((r) => r.code === 1)!.stderr).toMatch(/the report .* was undone already, by entry [0-9a-f]{8}/);
    expect(await prices()).toEqual(items.map((id) => `${id}/1=10`).sort());
  }, 60_000);

  test('a change made while a bulk undo runs is left as it is (each row read just before its write): exit 6, the rest put back', async () => {
    const { proxy, configDir, rentals } = await behindProxy();
    const { items, report, prices } = await imported(rentals, configDir);
    // One row at a time: the first PUT is held (an item's block-1 price put back); meanwhile a
    // colleague changes the same item's block-2 price, which the undo is to delete next.
    let heldPath: string | undefined;
    const held = proxy.gate((r) => r.method === 'PUT' && (heldPath ??= r.path) !== undefined, 0);
    const undoing = rentals(['prices', 'import', '--undo', report, '--yes', '--concurrency', '1']);
    await held;
    const first = items.find((id) => new RegExp(`/inventory/${id}/pricing/`).test(heldPath!))!;
    const [price] = (await call('GET', `/v1/inventory/${first}/pricing`)).filter((p) => Number(p.rentalBlockId) === 2);
    await call('PUT', `/v1/inventory/${first}/pricing/${String(price!.id)}`, { ...price, price: 35 });
    proxy.open();
    const result = await undoing;
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/^6 rows: 0 created, 3 updated, 0 unchanged, 1 stale, 0 failed, 2 deleted/m);
    expect(await prices()).toEqual([...items.map((id) => `${id}/1=10`), `${first}/2=35`].sort());
  }, 60_000);

  test('killed part way: the history says the undo of the report did not finish; running it again finishes it, into the same entry', async () => {
    const { proxy, configDir, rentals, env } = await behindProxy();
    const { items, report, prices } = await imported(rentals, configDir);
    const held = proxy.gate((r) => r.method === 'PUT' || r.method === 'DELETE', 2);
    const run = startBin(['prices', 'import', '--undo', report, '--yes', '--concurrency', '1'], { env, timeoutMs: 30_000 });
    await held;
    run.child.kill('SIGKILL');
    await run.done;
    proxy.open();
    const listed = ok(await rentals(['history']));
    expect(listed.stderr).toMatch(/warning: entry ([0-9a-f]{8}) did not finish undoing the report .*import\.ndjson \(interrupted: the process ended while it wrote\)/);
    const undos = (await historyOf(rentals)).filter((e) => e.undo && 'report' in e.undo);
    expect(undos).toHaveLength(1);
    expect(undos[0]!.undo).toMatchObject({ state: 'interrupted' });
    const again = ok(await rentals(['prices', 'import', '--undo', report, '--yes']));
    expect(again.stderr).toContain(`Finishing the undo of ${report} that entry ${undos[0]!.id} began`);
    expect(await prices()).toEqual(items.map((id) => `${id}/1=10`).sort());
    const after = (await historyOf(rentals)).filter((e) => e.undo && 'report' in e.undo);
    expect(after.map((e) => [e.id, e.undo!.state])).toEqual([[undos[0]!.id, 'complete']]);
    expect((await rentals(['prices', 'import', '--undo', report, '--yes'])).stderr).toContain('was undone already');
  }, 60_000);
});

describe('a write interrupted by Ctrl-C (every command that writes, not only undo and bulk)', () => {
  test('events book: the line in flight is answered and recorded, no other starts; exit 130 naming what was written and the entry; undo takes it back', async () => {
    const { proxy, rentals, env } = await behindProxy();
    const party = await event('2033-05-05');
    const items = [await item(), await item(), await item()];
    const stopped = await interruptedAtSecondLine(proxy, env, ['events', 'book', String(party.id), ...items.flatMap((id) => ['--item', `${id}=1`])]);
    expect(stopped.code).toBe(130);
    // The gate held the second line: the first was answered before, the second in flight, the third never sent.
    expect(await lines(party.id)).toHaveLength(2);
    const [newest] = (await historyOf(rentals)) as unknown as Array<Entry & { records: Array<{ resource: string }> }>;
    expect(newest!.records.map((r) => r.resource)).toEqual(['bookings', 'bookings']);
    expect(stopped.stderr).toContain(`entry ${newest!.id} records what was written: rentals undo ${newest!.id} takes it back`);
    expect(stopped.stderr).toMatch(/Event \d+: written before it stopped: create 1 × item \d+, create 1 × item \d+; not sent: create 1 × item \d+\./);
    ok(await rentals(['undo', newest!.id]));
    expect(await lines(party.id)).toEqual([]);
  }, 60_000);
});
