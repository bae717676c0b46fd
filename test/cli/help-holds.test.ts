// `rentals help holds`: the rules in force (the holds setting) and the service's statuses that
// no rule names (they hold firmly), read with a short timeout; without a service it says so.

import { describe, expect, test } from 'vitest';
import { api, envelope, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

useNock();

describe('rentals help holds', () => {
  test("lists the rules in force and the service's statuses that have none", async () => {
    api().get('/v2/status').reply(200, envelope([{ id: 1, statusType: 'Quoted' }, { id: 2, statusType: 'Confirmed' }, { id: 7, statusType: 'On hold' }]));
    const result = await runCli(['help', 'holds', '--holds', 'Quoted=none'], withApi());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Quoted +none/);
    expect(result.stdout).toMatch(/Confirmed +firm/);
    expect(result.stdout).toContain('Statuses of the service with no rule (they hold firmly): "On hold"');
  });

  test('without a service to ask, the rules and a note that other statuses hold firmly', async () => {
    const result = await runCli(['help', 'holds']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Quoted +tentative/);
    expect(result.stdout).toContain('any status not named above holds firmly');
  });
});
