// A reader that stops early (`rentals check | head -1`, `| true`): that is not an error, but it does
// not change the command's verdict either. A command that knew its exit code before printing
// (check's problems, a refusal, a dry run with refused rows) ends with it under `set -o pipefail`;
// a list whose reader left ends with 0. The built bin: a closed pipe is the process's to meet.

import { describe, expect, test } from 'vitest';
import { cliFor, startBin } from './harness.js';
import { seededSandboxForFile } from './seeded-sandbox.js';
import { data, mapLimit } from './server-state.js';

const seeded = seededSandboxForFile();

/** The bin's exit code when its reader closes the pipe at once (`| true`), or after its first bytes (`| head -c 10`). */
async function exitWithReaderGone(args: string[], when: 'at once' | 'after the first bytes', input = ''): Promise<{ code: number | null; stderr: string }> {
  const { child, done } = startBin(args, { env: seeded.env(), input });
  if (when === 'at once') child.stdout.destroy();
  else child.stdout.once('data', () => child.stdout.destroy());
  const { code, stderr } = await done;
  return { code, stderr };
}

describe('a reader that stops early keeps the verdict', () => {
  test.each(['at once', 'after the first bytes'] as const)('check with problems: exit 1 (reader gone %s)', async (when) => {
    expect(await exitWithReaderGone(['check', '-o', 'json'], when)).toMatchObject({ code: 1 });
  });

  test('a refused booking: exit 1', async () => {
    const { code, stderr } = await exitWithReaderGone(['events', 'book', '23', '--item', '40x60 Pole Tent=1', '-o', 'json'], 'at once');
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('not enough units');
  });

  test('a dry run with a refused row: exit 6', async () => {
    const { code, stderr } = await exitWithReaderGone(['prices', 'import', '-', '--max-change', '5', '--dry-run'], 'at once', 'id,price\n52,38\n');
    expect(code, stderr).toBe(6);
  });

  test('a list whose reader left: exit 0, nothing said', async () => {
    expect(await exitWithReaderGone(['inventory', 'list', '-o', 'json'], 'at once')).toEqual({ code: 0, stderr: '' });
  });

  test('check with more problems than a pipe holds, its reader gone after the first bytes: exit 1', async () => {
    // Every item down to 0 units and booked once more by every event (written past the rules, as a
    // server may hold it): a problem for each booking, over 128 KiB of JSON.
    const sandbox = seeded.sandbox();
    const items = (await data(sandbox.call, 'GET', '/v2/inventory')) as Array<{ id: number }>;
    for (const item of items) await data(sandbox.call, 'PUT', `/v2/inventory/${item.id}`, { ...item, quantityAvailable: 0 });
    const events = (await data(sandbox.call, 'GET', '/v1/events')) as Array<{ id: number }>;
    const booked = async (event: { id: number }) => new Set(((await data(sandbox.call, 'GET', `/v2/events/${event.id}/inventory`)) as Array<{ inventoryId: number }>).map((b) => b.inventoryId));
    await mapLimit(events, 8, async (event) => {
      const has = await booked(event);
      for (const item of items.filter((i) => !has.has(i.id))) await data(sandbox.call, 'POST', `/v2/events/${event.id}/inventory`, { eventId: event.id, inventoryId: item.id, quantity: 1, price: 1 });
    });
    const whole = await cliFor(sandbox)(['check', '-o', 'json']);
    expect(whole.code).toBe(1);
    expect(whole.stdout.length).toBeGreaterThan(128 * 1024);
    expect(await exitWithReaderGone(['check', '-o', 'json'], 'after the first bytes')).toMatchObject({ code: 1 });
  });
});

describe('a closed stderr keeps the verdict', () => {
  /** The bin's exit code with its stderr's reader gone before it starts (`2>&1 | head -2` that has left). */
  async function exitWithStderrGone(args: string[]): Promise<number | null> {
    const { child, done } = startBin(args, { env: seeded.env() });
    child.stderr.destroy();
    return (await done).code;
  }

  test.each<[string[], number]>([
    [['inventory', 'lisst'], 2],
    [['check'], 1],
    [['undo', 'ffffffff'], 4],
    [['inventory', 'list', '--quiet'], 0],
  ])('rentals %j: exit %i, what it could not say lost', async (args, code) => {
    expect(await exitWithStderrGone(args)).toBe(code);
  });
});
