// Reliability at the command level (issue 10): a DELETE retried after a 502 that had applied it.

import { describe, expect, test } from 'vitest';
import { api, expectNothingSent, useNock, withApi } from '../helpers/api.js';
import { runCli } from '../helpers/fake-context.js';

useNock();

describe('rentals … delete through a 502 that had deleted it', () => {
  test('exit 0, the note and the confirmation on stderr', async () => {
    const scope = api().delete('/v2/inventory/3').reply(502, 'bad gateway', { 'Retry-After': '0' }).delete('/v2/inventory/3').reply(404, { message: 'not found' });
    const result = await runCli(['inventory', 'delete', '3', '--yes', '--retries', '2'], withApi());
    expect(result.stderr).toBe(
      'note: DELETE /v2/inventory/3: an earlier attempt failed (HTTP 502) after it was sent, and the retry found it gone (404): counted as deleted\nDeleted inventory item 3.\n',
    );
    expect(result.code).toBe(0);
    expect(scope.isDone()).toBe(true);
  });
});

describe('declining a prompt (issue 20.7): the same exit code, 7, for every [y/N]', () => {
  test('more than 50 changes at a terminal, answered no: nothing is sent, exit 7', async () => {
    const csv = ['name,quantityAvailable', ...Array.from({ length: 51 }, (_, i) => `Chair ${i + 1},${i + 1}`)].join('\n');
    const scope = api().get('/v2/inventory').reply(200, { data: [] });
    const result = await runCli(['inventory', 'import', '-'], withApi({ tty: true, confirmAnswer: false, stdin: csv }));
    expect(result.fake.confirms).toEqual(['Apply 51 changes?']);
    expect(result.stderr).toMatch(/Nothing was sent\.\n$/);
    expect(result.stderr).not.toContain('error:');
    expect(result.code).toBe(7);
    expect(scope.isDone()).toBe(true);
    expectNothingSent();
  });
});
