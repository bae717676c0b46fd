// The token a request carries without waiting (StoredCredentials.current): never one being renewed,
// never one due for renewal, so a bulk run's requests skip the wait only while nothing changes.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { expect, test } from 'vitest';
import { ApiClient, bearer } from '../../src/api/client.js';
import { StoredCredentials } from '../../src/api/credentials.js';
import { resolveSettings } from '../../src/config/settings.js';
import { API, useNock } from '../helpers/api.js';
import { FIXED_NOW, tempDir } from '../helpers/fake-context.js';

useNock();

async function renewable(now = FIXED_NOW): Promise<{ client: ApiClient; credentials: StoredCredentials }> {
  const dir = tempDir();
  const profile = { baseUrl: API, clientId: 'app', clientSecret: 'shh', token: 'old', tokenExpiresAt: new Date(FIXED_NOW + 3600_000).toISOString() };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
  const settings = await resolveSettings({}, { RENTALS_CONFIG_DIR: dir }, dir);
  const credentials = new StoredCredentials(settings, () => now);
  const client = new ApiClient({ baseUrl: API, auth: credentials, retries: 0 });
  credentials.attach(client);
  return { client, credentials };
}

test('a request started while a 401 renews the token waits for the new one (never sent with the old)', async () => {
  const { client } = await renewable();
  let started: Promise<unknown> | undefined;
  nock(API, { reqheaders: { authorization: bearer('old') } }).get('/v2/a').reply(401, { message: 'expired' });
  nock(API)
    .get('/authorize')
    .reply(() => {
      // The renewal is under way: a request starting now must wait for its token.
      started = client.request('GET', '/v2/b', { expect: 'json' });
      return [200, { access_token: 'fresh', expires_in: 3600 }];
    });
  nock(API, { reqheaders: { authorization: bearer('fresh') } }).get('/v2/a').reply(200, {}).get('/v2/b').reply(200, { b: 1 });
  await client.request('GET', '/v2/a', { expect: 'json' });
  expect(started).toBeDefined();
  expect(((await started) as { body: unknown }).body).toEqual({ b: 1 });
  client.close();
});

test('the token at hand: the stored one while it lasts; none once due for renewal (within a minute of its expiry)', async () => {
  const lasting = await renewable();
  expect(lasting.credentials.current()).toBe('old');
  lasting.client.close();
  const due = await renewable(FIXED_NOW + 3600_000 - 30_000);
  expect(due.credentials.current()).toBeUndefined();
  due.client.close();
});
