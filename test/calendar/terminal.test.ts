// What a person at a terminal sees that a script does not: the resolved range on stderr and
// the agenda grouped under day headings.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/fake-context.js';
import { TOKEN, openSandbox } from '../sandbox/helpers.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await openSandbox();
  env = { RENTALS_BASE_URL: sandbox.url, RENTALS_TOKEN: TOKEN };
  await sandbox.call('POST', '/v1/events', {
    body: {
      eventStatusId: 2, rentalBlockId: 1, eventName: 'Terminal party', customerName: 'Ann',
      dropoffDate: '2026-06-12T09:00:00', startDate: '2026-06-12T16:00:00', endDate: '2026-06-12T23:00:00', teardownDate: '2026-06-13T00:00:00', pickupDate: '2026-06-13T10:00:00',
    },
  });
});
afterAll(() => sandbox.close());

describe('at a terminal', () => {
  it('prints the resolved range on stderr and groups the agenda by day', async () => {
    const result = await runCli(['agenda', '--from', '2026-06-12', '--to', '2026-06-14'], { env, tty: true, columns: 200 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Range: Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00');
    // The heading is bold at a terminal.
    expect(result.stdout).toMatch(/^\u001b\[1mFri 2026-06-12\u001b\[22m\n/);
    expect(result.stdout).toContain('Terminal party');
  });

  it('prints data only on stdout when piped; the range used is said on stderr, and -q silences it', async () => {
    const result = await runCli(['agenda', '--from', '2026-06-12', '--to', '2026-06-14'], { env, tty: false });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('Range: Fri 2026-06-12 00:00 → Mon 2026-06-15 00:00\n');
    expect(result.stdout).not.toContain('Range');
    expect(result.stdout.split('\t').slice(0, 3)).toEqual(['2026-06-12', '1', 'Terminal party']);
    const quiet = await runCli(['-q', 'agenda', '--from', '2026-06-12', '--to', '2026-06-14'], { env, tty: false });
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(result.stdout);
  });
});
