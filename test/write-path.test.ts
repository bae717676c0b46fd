// The contract of the one write path: the API's create, update and delete of events and
// bookings are called only from their writers (src/data/event-writer.ts, src/data/booking-writer.ts),
// which judge every change by the calendar's rule first. Proved twice: by the source (only the
// writers hold the grant the API asks for) and by behaviour (the API refuses a write without it,
// before any request; with it, the request goes).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { ResourceApi } from '../src/api/resource-api.js';
import { writeGrant } from '../src/api/write-grant.js';
import { resources } from '../src/resources/definitions.js';
import { validateWrite } from '../src/schemas/resource.js';
import { openSandbox } from './sandbox/helpers.js';

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));

describe('only the writers write events and bookings', () => {
  test('the grant is imported by the API and the two writers, nowhere else', () => {
    const holders = sources.filter((s) => /from '[./]*\/?(api\/)?write-grant\.js'/.test(s.text) && !/import type/.test(s.text.match(/.*write-grant\.js'.*/)![0])).map((s) => s.file);
    expect(holders.sort()).toEqual(['api/resource-api.ts', 'data/booking-writer.ts', 'data/event-writer.ts']);
  });

  test('the grant-bearing row writes of the bulk engine are used only where the plan is judged first', () => {
    const users = sources.filter((s) => /(?<!function )bookingRowWrites\(/.test(s.text)).map((s) => s.file);
    expect(users).toEqual(['bulk/apply.ts']);
    const apply = sources.find((s) => s.file === 'bulk/apply.ts')!.text;
    expect(apply.indexOf('await judgePlan(')).toBeGreaterThan(-1);
    expect(apply.indexOf('await judgePlan(')).toBeLessThan(apply.indexOf('bookingRowWrites('));
  });

  test('the scan can fail: a file that imports the grant is seen', () => {
    const fake = { file: 'cli/sneaky.ts', text: "import { writeGrant } from '../api/write-grant.js';\n" };
    const seen = [...sources, fake].filter((s) => /from '[./]*\/?(api\/)?write-grant\.js'/.test(s.text)).map((s) => s.file);
    expect(seen).toContain('cli/sneaky.ts');
  });
});

describe('the API refuses a write of events or bookings without the grant', () => {
  test('no request is sent without it; with it the write goes; other resources need none', async () => {
    const sandbox = await openSandbox();
    const client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => sandbox.token }, env: {}, retries: 0 });
    const api = new ResourceApi(client);
    try {
      const events = { def: resources.events, version: 'v1' as const };
      const body = validateWrite(resources.events, { eventStatusId: 2, rentalBlockId: 1, eventName: 'Grant', startDate: '2030-01-01T09:00:00', endDate: '2030-01-01T18:00:00', dropoffDate: '2030-01-01T09:00:00', teardownDate: '2030-01-01T18:00:00', pickupDate: '2030-01-01T18:00:00' }, 'create');
      await expect(api.create(events, body)).rejects.toThrow(/outside their writer/);
      expect((await api.list(events)).records).toHaveLength(0);
      const created = (await api.create(events, body, { grant: writeGrant })).records[0]!;
      const bookings = { def: resources.bookings, version: 'v2' as const, parentId: Number(created.id) };
      await expect(api.remove(bookings, 1)).rejects.toThrow(/outside their writer/);
      await expect(api.remove(events, Number(created.id))).rejects.toThrow(/outside their writer/);
      const item = validateWrite(resources.inventory, { name: 'No grant needed', quantityAvailable: 1, active: 1 }, 'create');
      expect((await api.create({ def: resources.inventory, version: 'v2' }, item)).records).toHaveLength(1);
    } finally {
      client.close();
      await sandbox.close();
    }
  });
});
