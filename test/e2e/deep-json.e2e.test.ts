// The CLI's side: a --file with JSON nested 100,000 deep is refused with exit 2 and a
// clear message, not a stack overflow; nothing is sent (a recording server would see it).

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { recordingServer } from '../helpers/recording-server.js';
import { freshConfigDir, runRentals } from './harness.js';

const DEPTH = 100_000;

describe('JSON nested 100,000 deep', () => {
  const shapes: Array<[string, string]> = [
    ['objects inside a field', `{"name":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}`],
    ['arrays', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
  ];
  test.each(shapes)('%s: inventory add --file and api --file exit 2, nothing sent', async (_name, text) => {
    const server = await recordingServer(() => ({ status: 200, body: { data: [] } }));
    const dir = freshConfigDir();
    try {
      const file = join(dir, 'deep.json');
      writeFileSync(file, text);
      const env = { RENTALS_BASE_URL: server.url, RENTALS_TOKEN: 'deep-json-test-token', RENTALS_CONFIG_DIR: dir, HOME: dir };
      for (const args of [
        ['inventory', 'add', '--file', file],
        ['api', 'POST', '/v2/inventory', '--file', file],
      ]) {
        const result = await runRentals(args, { env });
        expect(result.stderr).toBe(`error: ${file} nests arrays or objects more than 100 deep; a request body is a flat record\n`);
        expect(result.code).toBe(2);
      }
      expect(server.received).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
