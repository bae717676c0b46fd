// Event dates in any order: the reference states no rule between them, so the sandbox assumes the
// service accepts them (the CLI refuses them unless --allow-date-order: test/cli/date-order.test.ts).

import { describe, expect, test } from 'vitest';
import { openSandbox } from './helpers.js';

describe('the sandbox', () => {
  test('accepts dates in any order (the reference states no rule) and returns them as sent', async () => {
    const sandbox = await openSandbox();
    try {
      const dates = {
        dropoffDate: '2026-06-14T08:00:00',
        startDate: '2026-06-13T14:00:00',
        endDate: '2026-06-12T01:00:00',
        teardownDate: '2026-06-11T01:00:00',
        pickupDate: '2026-06-10T09:00:00',
      };
      const created = await sandbox.call('POST', '/v1/events', { body: { eventStatusId: 1, rentalBlockId: 1, eventName: 'Backwards', ...dates } });
      expect(created.status).toBe(201);
      expect(created.json.data[0]).toMatchObject(dates);
    } finally {
      await sandbox.close();
    }
  });
});
