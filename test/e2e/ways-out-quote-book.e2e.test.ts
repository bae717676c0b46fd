// `events book` onto a quote past the stock: the lines are written first; the ways out of the
// quote's confirmation are searched after, for a short time of their own. A slow read in that
// search neither holds the booking back nor leaves only the override: the warning says the ways
// out could not be read, and how to see them.

import { afterAll, describe, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { calendarSuite } from './calendar-fixtures.js';
import { cliEnv, ok, runRentals } from './harness.js';
import { data } from './server-state.js';

const QUOTED = 1;
const fixtures = calendarSuite('Slow ways');
const proxies: FaultProxy[] = [];
afterAll(async () => {
  for (const proxy of proxies) {
    proxy.open();
    await proxy.close();
  }
});

describe('events book onto a quote past the stock, a read of the ways out slow', () => {
  test('the booking is written and ends within the bound; the ways out are said to be unknown, not the override alone', async () => {
    const stage = await fixtures.item(1);
    const quote = await fixtures.event('2028-05-10T08:00:00', '2028-05-11T10:00:00', { eventStatusId: QUOTED }, fixtures.unique('Slow quote'));
    // An event near the window (not over it): only the search of the ways out reads its lines.
    const near = await fixtures.event('2028-05-20T08:00:00', '2028-05-21T10:00:00');
    await fixtures.line(near.id, stage.id, 1);
    const proxy = await startFaultProxy({ target: fixtures.sandbox().url });
    proxies.push(proxy);
    void proxy.gate((r) => r.method === 'GET' && r.path.endsWith(`/events/${near.id}/inventory`), 0);
    const env = cliEnv({ url: proxy.url, token: fixtures.sandbox().token });
    const started = Date.now();
    const result = ok(await runRentals(['events', 'book', String(quote.id), '--item', `${stage.name}=3`, '--timeout', '20', '--json'], { env, timeoutMs: 40_000 }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.stderr).toContain(`warning: the ways out of its confirmation could not be read: run \`rentals events confirm ${quote.id}\` to see them.`);
    expect(result.stderr).not.toContain('--allow-overbook');
    const json = JSON.parse(result.stdout);
    expect(json.quoteCannotConfirm).toMatchObject({ eventId: quote.id, commands: [], commandsKnown: false });
    expect((await data(fixtures.sandbox().call, 'GET', `/v2/events/${quote.id}/inventory`)).map((l) => l.quantity)).toEqual([3]);
  }, 60_000);
});
