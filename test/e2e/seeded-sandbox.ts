// A seeded sandbox for one test file: opened before its tests, closed after them, with the
// environment a `rentals` (in-process or the bin) needs to reach it under a config of its own.

import { afterAll, beforeAll } from 'vitest';
import { openSandbox } from '../sandbox/helpers.js';
import { cliEnv, freshConfigDir } from './harness.js';

type OpenSandbox = Awaited<ReturnType<typeof openSandbox>>;

export function seededSandboxForFile(): { sandbox: () => OpenSandbox; env: () => Record<string, string> } {
  let sandbox: OpenSandbox | undefined;
  let env: Record<string, string> | undefined;
  beforeAll(async () => {
    sandbox = await openSandbox({ seed: true });
    env = cliEnv(sandbox, freshConfigDir());
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return { sandbox: () => sandbox!, env: () => env! };
}
