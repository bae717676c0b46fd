// What a delete of a record others may refer to costs in requests: the bookings of every event
// are read once per run, however many deletes the run plans (an undo of an import plans one per
// item), not once per delete.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSandbox } from '../sandbox/helpers.js';
import { cliFor, ok } from './harness.js';
import { data } from './server-state.js';

type Sandbox = Awaited<ReturnType<typeof openSandbox>>;

let seeded: Sandbox;
let rentals: ReturnType<typeof cliFor>;
let requests: string[] = [];

beforeAll(async () => {
  seeded = await openSandbox({ seed: true, onRequest: (method, path) => requests.push(`${method} ${path}`) });
  rentals = cliFor(seeded);
});
afterAll(async () => {
  await seeded?.close();
});

const bookingsReads = () => requests.filter((r) => /^GET \/v[12]\/events\/\d+\/inventory$/.test(r)).length;
const eventsReads = () => requests.filter((r) => r === 'GET /v1/events').length;

describe('the referrers of a run are read once', () => {
  test('inventory delete --dry-run reads each event\'s bookings at most once', async () => {
    const events = (await data(seeded.call, 'GET', '/v1/events')).length;
    requests = [];
    await rentals(['inventory', 'delete', '1', '--dry-run']);
    expect(bookingsReads()).toBeLessThanOrEqual(events);
    expect(eventsReads()).toBeLessThanOrEqual(2); // the scan, and the events' names a refusal says
  });

  test('undo --dry-run of a 5-item import scans the events\' bookings once, not once per item', async () => {
    const events = (await data(seeded.call, 'GET', '/v1/events')).length;
    const csv = ['name,quantityAvailable', ...[1, 2, 3, 4, 5].map((n) => `Read-once crate ${n},${n}`)].join('\n');
    ok(await rentals(['inventory', 'import', '-', '--yes'], { input: `${csv}\n` }));
    requests = [];
    const undone = ok(await rentals(['undo', '--dry-run']));
    expect(undone.stderr + undone.stdout).toContain('Read-once crate 5');
    expect(bookingsReads()).toBeLessThanOrEqual(events);
    expect(eventsReads()).toBeLessThanOrEqual(2); // the scan, and the events' names the refusal says
  });
});
