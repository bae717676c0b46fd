// Reliability at the command level (issue 10): a DELETE retried after a 502 that had applied it.

import { describe, expect, test } from 'vitest';
import { api, useNock, withApi } from '../helpers/api.js';
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
