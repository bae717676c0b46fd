// The floor a whole `rentals` process is compared with: a minimal client, itself a whole Node
// process (CommonJS, like the bundle), making the same requests over an undici Pool and nothing
// else: no validation, no planning, no output. Started by the benches with a job file:
//   { "url", "token", "connections",
//     "gets": { "lists": [paths read first, at once], "paths": [then these, `connections` at a time] } }
// or
//   { "url", "token", "connections",
//     "import": { "items": "/v2/inventory", "children": "/v1/inventory/{id}/pricing", "leg": 7, "listOnly": false } }
// — the requests of `rentals prices import` of every price: the item list, each item's prices
// (listing and writing overlapped, `connections` requests in flight each), one PUT per price with a
// new value (`listOnly`: the listings alone, what an import of unchanged rows sends). Prints its own time in ms on stdout (the bench times the whole process too).
'use strict';

const { readFileSync } = require('node:fs');
const { Pool } = require('undici');

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pool = new Pool(job.url, { connections: job.connections });
const headers = { authorization: `bearer ${Buffer.from(job.token).toString('base64')}`, 'content-type': 'application/json' };

async function call(method, path, body, retried = false) {
  let response;
  try {
    response = await pool.request({ method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    // A keep-alive socket the server closed as it was reused (a busy machine's late timers): a GET
    // is sent again once, as rentals' client does.
    if (method !== 'GET' || retried || error.code !== 'UND_ERR_SOCKET') throw error;
    return call(method, path, body, true);
  }
  const json = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode}`);
  return json.data;
}

/** fn over items, `limit` at a time. */
async function eachLimit(items, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

async function gets({ lists, paths }) {
  await Promise.all(lists.map((path) => call('GET', path)));
  await eachLimit(paths, job.connections, (path) => call('GET', path));
}

/** Listers and writers, `connections` of each, as the import overlaps them; a writer waits for rows. */
async function importAll({ items, children, leg, listOnly }) {
  const parents = await call('GET', items);
  const queue = [];
  let listed = 0;
  let waiting = [];
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const lister = eachLimit(parents, job.connections, async (parent) => {
    queue.push(...(await call('GET', children.replace('{id}', parent.id))));
    listed++;
    wake();
  });
  const writer = async () => {
    for (;;) {
      const price = queue.shift();
      if (price && listOnly) {
        continue;
      } else if (price) {
        const body = { id: price.id, inventoryId: price.inventoryId, rentalBlockId: price.rentalBlockId, price: Math.round((price.price + leg * 0.37) * 100) / 100 };
        await call('PUT', `${children.replace('{id}', price.inventoryId)}/${price.id}`, body);
      } else if (listed === parents.length) {
        return;
      } else {
        await new Promise((resolve) => waiting.push(resolve));
      }
    }
  };
  await Promise.all([lister, ...Array.from({ length: job.connections }, writer)]);
}

(async () => {
  const started = performance.now();
  if (job.gets) await gets(job.gets);
  if (job.import) await importAll(job.import);
  process.stdout.write(`${Math.round(performance.now() - started)}\n`);
  await pool.close();
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
