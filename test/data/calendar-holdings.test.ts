// CalendarData.holdings with the hold policy, against the seeded in-process sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ResourceApi } from '../../src/api/resource-api.js';
import { CalendarData } from '../../src/data/calendar.js';
import { Catalog } from '../../src/data/catalog.js';
import { DEFAULT_HOLD_POLICY, holdRuleFor } from '../../src/domain/hold-policy.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let client: ApiClient;

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  client = new ApiClient({ baseUrl: sandbox.url, auth: { getToken: async () => TOKEN }, retries: 0 });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});

describe('CalendarData.holdings by status', () => {
  it('holds quotes tentatively and leaves out the statuses that hold nothing', async () => {
    const calendar = new CalendarData(new Catalog(() => new ResourceApi(client)));
    const ruleOf = holdRuleFor(DEFAULT_HOLD_POLICY);
    const range = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2100, 0, 1) };
    const plain = await calendar.holdings(range);
    const byStatus = await calendar.holdings(range, undefined, ruleOf);
    const kinds = (held: typeof plain) => [...held.byItem.values()].flat().map((h) => [held.events.get(h.eventId)!.status, h.kind ?? 'firm']);
    const withPolicy = kinds(byStatus);
    expect(new Set(withPolicy.map(([status]) => status))).toContain('Quoted');
    for (const [status, kind] of withPolicy) expect([status, kind]).toEqual([status, status === 'Quoted' ? 'tentative' : 'firm']);
    expect(withPolicy.some(([status]) => status === 'Cancelled')).toBe(false);
    expect(kinds(plain).every(([, kind]) => kind === 'firm')).toBe(true);
  });
});
