// A sandbox for a calendar test file (opened before its tests, closed after), the `rentals` bound
// to it, and items, events and booking lines written straight to it (not through the CLI): each
// test builds the little calendar it needs.

import { afterAll, beforeAll } from 'vitest';
import { type Caller, openSandbox } from '../sandbox/helpers.js';
import { type Runner, cliFor } from './harness.js';
import { data } from './server-state.js';

type OpenSandbox = Awaited<ReturnType<typeof openSandbox>>;

/** Opens a sandbox for the file's tests; `rentals` runs the CLI against it. */
export function calendarSuite(prefix: string) {
  let sandbox: OpenSandbox | undefined;
  let cli: Runner | undefined;
  beforeAll(async () => {
    sandbox = await openSandbox();
    cli = cliFor(sandbox);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const opened = (): OpenSandbox => {
    if (!sandbox) throw new Error('the sandbox opens in beforeAll');
    return sandbox;
  };
  const rentals: Runner = (args, options) => cli!(args, options);
  return { sandbox: opened, call: () => opened().call, rentals, ...calendarFixtures(() => opened().call, prefix) };
}

function calendarFixtures(call: () => Caller, prefix: string) {
  let serial = 0;
  const unique = (name: string) => `${name} ${++serial}`;

  /** An active item with a price for rental block 1. */
  async function item(quantityAvailable: number, price = 10): Promise<{ id: number; name: string }> {
    const name = unique(`${prefix} item`);
    const [record] = await data(call(), 'POST', '/v2/inventory', { name, quantityAvailable, active: 1 });
    const id = Number(record!.id);
    await data(call(), 'POST', `/v1/inventory/${id}/pricing`, { inventoryId: id, rentalBlockId: 1, price });
    return { id, name };
  }

  /** A Confirmed event in rental block 1 held dropoff → pickup (start and end the same). */
  async function event(dropoff: string, pickup: string, extra: Record<string, unknown> = {}, name = unique(`${prefix} event`)): Promise<{ id: number; name: string }> {
    const [record] = await data(call(), 'POST', '/v1/events', {
      eventStatusId: 2,
      rentalBlockId: 1,
      eventName: name,
      dropoffDate: dropoff,
      startDate: dropoff,
      endDate: pickup,
      teardownDate: pickup,
      pickupDate: pickup,
      ...extra,
    });
    return { id: Number(record!.id), name };
  }

  /** A booking line; its id. */
  async function line(eventId: number, inventoryId: number, quantity: number, price = 10): Promise<number> {
    const [record] = await data(call(), 'POST', `/v1/events/${eventId}/inventory`, { eventId, inventoryId, quantity, price });
    return Number(record!.id);
  }

  return { unique, item, event, line };
}
