// `rentals config set alternatives`: its names are matched against the catalog when used; a name
// no item of the service has is said when set too (with the close name, as its use says it), and
// the setting is stored all the same, exit 0. With no service to ask (none set, none answering,
// one too slow) nothing is said and nothing is waited for.

import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { calendarSuite } from './calendar-fixtures.js';
import { cliFor, freshConfigDir } from './harness.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('Alt');
const { rentals, call } = fixtures;
/** The warnings of a run (its stderr also says where the setting was saved). */
const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning:'));
const saved = { code: 0, stderr: expect.stringMatching(/^Set alternatives in profile "default"(, a new profile)? \(.*\)\.\n$/) };

describe('config set alternatives', () => {
  test('a name of no item is warned about, with the close one; the setting is saved, exit 0', async () => {
    await data(call(), 'POST', '/v2/inventory', { name: 'Alt LED Par 64', quantityAvailable: 4, active: 1 });
    await data(call(), 'POST', '/v2/inventory', { name: 'Alt LED Uplight', quantityAvailable: 4, active: 1 });
    const set = await rentals(['config', 'set', 'alternatives', 'Alt LED Uplight=Alt LED Par 65|Qwxz']);
    expect(set.code).toBe(0);
    expect(warnings(set.stderr)).toEqual(['warning: the alternatives setting: "Alt LED Par 65": no such item; did you mean "Alt LED Par 64"?; "Qwxz": no such item (saved all the same)']);
    expect((await rentals(['config', 'get', 'alternatives'])).stdout).toBe('Alt LED Uplight=Alt LED Par 65|Qwxz\n');
    const known = await rentals(['config', 'set', 'alternatives', 'alt led uplight=Alt LED Par 64']);
    expect(known).toMatchObject(saved);
  });

  describe('with no service to ask: nothing said, nothing waited for', () => {
    const sockets: Socket[] = [];
    let silent: Server | undefined;
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent?.close(resolve));
    });
    const offline = (url: string) => cliFor({ url, token: 'tok' }, freshConfigDir());

    test('a closed port, and no base URL at all', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as { port: number };
      await new Promise((resolve) => closed.close(resolve));
      expect(await offline(`http://127.0.0.1:${port}`)(['config', 'set', 'alternatives', 'Tnet=Qwxz'])).toMatchObject(saved);
      const none = await offline('')(['config', 'set', 'alternatives', 'Tnet=Qwxz'], { env: { RENTALS_BASE_URL: undefined } });
      expect(none).toMatchObject(saved);
    });

    test('a service that never answers is not waited for', async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      const started = Date.now();
      const set = await offline(`http://127.0.0.1:${port}`)(['config', 'set', 'alternatives', 'Tnet=Qwxz'], { env: { RENTALS_TIMEOUT: '60' }, timeoutMs: 15_000 });
      expect(set).toMatchObject(saved);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
});
