// Damaged data files, one kind at a time: a torn last journal line is dropped and reported; any
// other damage stops startup naming the file and line, with every file left byte for byte as it
// was; --repair keeps what is valid and copies the damaged files aside (`<file>.damaged-<time>`).

import { appendFile, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeEntry } from '../../src/sandbox/journal.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { type Caller, TOKEN, inventoryBody, openSandbox, tempDir } from './helpers.js';

let dir: string;
let cleanup: () => Promise<void>;
let file: string;
let logged: string[];

beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  file = join(dir, 'rentals.json');
  logged = [];
});
afterEach(() => cleanup());

const journal = () => `${file}.journal`;

async function withSandbox<T>(run: (call: Caller) => Promise<T>, options: { repair?: boolean } = {}): Promise<T> {
  const sandbox = await openSandbox({ data: file, log: (message) => logged.push(message), ...options });
  try {
    return await run(sandbox.call);
  } finally {
    await sandbox.close();
  }
}

const names = (call: Caller) => call('GET', '/v1/inventory').then((r) => r.json.data.map((item) => item.name));

/** Items a, b, c in the journal (the snapshot holds none of them). */
async function threeInJournal(): Promise<void> {
  await withSandbox(async (call) => {
    for (const name of ['a', 'b', 'c']) expect((await call('POST', '/v1/inventory', { body: inventoryBody(name) })).status).toBe(201);
  });
}

/** Items a, b, c in the snapshot (a restart folded the journal), the journal empty. */
async function threeInSnapshot(): Promise<void> {
  await threeInJournal();
  await withSandbox(async () => {});
}

type Files = Record<string, Buffer>;

async function allFiles(): Promise<Files> {
  const files: Files = {};
  for (const name of (await readdir(dir)).sort()) files[name] = await readFile(join(dir, name));
  return files;
}

/** Startup refuses with a message matching `message`, and leaves every file byte for byte as it was. */
async function expectRefusal(message: string | RegExp): Promise<void> {
  const before = await allFiles();
  const refused = startSandbox({ port: 0, data: file, token: TOKEN, log: () => {} });
  await expect(refused).rejects.toThrow(message);
  await expect(refused).rejects.toThrow('the files are left as they are; `rentals sandbox --data-file <file> --repair` keeps what is valid');
  expect(await allFiles()).toEqual(before);
}

async function setAside(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.includes('.damaged-')).sort();
}

describe('a torn last journal line (an append cut short by a crash)', () => {
  it('is dropped, reported on stderr, and every complete line is kept', async () => {
    await threeInJournal();
    await appendFile(journal(), '0123456789abcdef {"op":"put","resource":"inventory","rec');
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b', 'c']));
    expect(logged).toEqual([`the journal ${journal()} ended in an incomplete line 4 (a write cut short by a crash, never acknowledged): dropped`]);
  });

  it('is still the last line when an empty .journal.next follows (a snapshot had just begun)', async () => {
    await threeInJournal();
    await appendFile(journal(), '0123456789abcdef {"op":"put"');
    await writeFile(`${journal()}.next`, '');
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b', 'c']));
    expect(logged).toEqual([expect.stringContaining('ended in an incomplete line 4')]);
  });

  it('is damage when a journal with entries follows it', async () => {
    await threeInJournal();
    const lines = (await readFile(journal(), 'utf8')).split('\n');
    await writeFile(journal(), `${lines[0]}\n${lines[1]!.slice(0, 30)}`);
    await writeFile(`${journal()}.next`, `${lines[2]}\n`);
    await expectRefusal(`the journal ${journal()} is corrupt at line 2 (a line cut short, and another journal follows)`);
  });

  it('is what a journal cut mid-line looks like: the lines before the cut are kept, and it is reported', async () => {
    await threeInJournal();
    const text = await readFile(journal(), 'utf8');
    await truncate(journal(), text.indexOf('\n') + 20);
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a']));
    expect(logged).toEqual([expect.stringContaining(`the journal ${journal()} ended in an incomplete line 2`)]);
  });
});

describe('damage that stops startup, and --repair', () => {
  it('a flipped byte in the last journal line: refused (line 3), then repaired keeping lines 1-2', async () => {
    await threeInJournal();
    const original = await readFile(journal());
    await writeFile(journal(), original.toString('utf8').replace('"name":"c"', '"name":"C"'));
    await expectRefusal(`the journal ${journal()} is corrupt at line 3 (a line that fails its checksum)`);
    const damaged = await readFile(journal());

    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b']), { repair: true });
    expect(logged).toContain(`--repair: the journal ${journal()} is corrupt at line 3 (a line that fails its checksum)`);
    const aside = await setAside();
    expect(aside).toEqual([expect.stringMatching(/^rentals\.json\.journal\.damaged-\d{8}T\d{6}Z$/)]);
    expect(await readFile(join(dir, aside[0]!))).toEqual(damaged);
    // Repaired: the next start is clean and the ids go on.
    logged = [];
    await withSandbox(async (call) => {
      expect(await names(call)).toEqual(['a', 'b']);
      expect((await call('POST', '/v1/inventory', { body: inventoryBody('d') })).status).toBe(201);
    });
    expect(logged).toEqual([]);
  });

  it('a damaged line in the middle: nothing after it is applied (refused, then kept up to it)', async () => {
    await threeInJournal();
    const text = await readFile(journal(), 'utf8');
    await writeFile(journal(), text.replace('"name":"b"', '"name":"B"'));
    await expectRefusal(`the journal ${journal()} is corrupt at line 2`);
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a']), { repair: true });
  });

  it('a journal entry whose checksum is right but whose record breaks a rule (price null): refused as the live path would', async () => {
    await threeInJournal();
    const line = encodeEntry({ op: 'put', resource: 'prices', record: { id: 1, inventoryId: 1, rentalBlockId: 1, price: null } as never, seq: 4 });
    await appendFile(journal(), line);
    await expectRefusal(`the journal ${journal()} has an invalid entry at line 4: inventory price 1: price: is required`);
    await withSandbox(async (call) => {
      expect(await names(call)).toEqual(['a', 'b', 'c']);
      expect((await call('GET', '/v1/inventory/1/pricing')).json.data).toEqual([]);
    }, { repair: true });
  });

  it('a journal entry that refers to a record that does not exist: refused', async () => {
    await threeInJournal();
    await appendFile(journal(), encodeEntry({ op: 'put', resource: 'prices', record: { id: 1, inventoryId: 99, rentalBlockId: 1, price: 5 }, seq: 4 }));
    await expectRefusal(`the journal ${journal()} has an invalid entry at line 4: inventory price 1: inventoryId: no inventory item 99`);
  });

  it('a 0-byte snapshot next to a journal: refused (its records would be gone); --repair starts from what remains', async () => {
    await threeInSnapshot();
    await writeFile(file, '');
    await expectRefusal(`the data file ${file} is empty while its journal exists (its records are gone)`);
    await withSandbox(async (call) => expect(await names(call)).toEqual([]), { repair: true });
    expect(logged).toContain(`--repair: the data file ${file} is empty while its journal exists (its records are gone)`);
  });

  it('a missing snapshot next to a journal: refused', async () => {
    await threeInSnapshot();
    await writeFile(file, '');
    await import('node:fs/promises').then((fs) => fs.rm(file));
    await expectRefusal(`the data file ${file} is missing while its journal exists`);
  });

  it('a flipped byte in the snapshot that still reads as valid data: the checksum refuses it; --repair keeps the records and the original', async () => {
    await threeInSnapshot();
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"quantityAvailable":1', '"quantityAvailable":7'));
    const damaged = await readFile(file);
    await expectRefusal(new RegExp(`^the data file ${file} fails its checksum \\(line \\d+\\): it was changed after it was written`));
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b', 'c']), { repair: true });
    const aside = await setAside();
    expect(aside).toEqual([expect.stringMatching(/^rentals\.json\.damaged-/)]);
    expect(await readFile(join(dir, aside[0]!))).toEqual(damaged);
    logged = [];
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b', 'c']));
    expect(logged).toEqual([]);
  });

  it('a snapshot cut mid-file: refused naming the line; --repair keeps every complete record before the cut', async () => {
    await threeInSnapshot();
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.indexOf('"name":"c"')));
    await expectRefusal(new RegExp(`^the data file ${file} is not valid JSON \\(.* at line \\d+`));
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b']), { repair: true });
    expect(logged.some((line) => /--repair: the data file .* line \d+: not a readable record/.test(line))).toBe(true);
  });

  it('a snapshot record that breaks a rule: refused naming its line; --repair drops that record only', async () => {
    await threeInSnapshot();
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"name":"b","quantityAvailable":1', '"name":"b","quantityAvailable":-5'));
    await expectRefusal(new RegExp(`^the data file ${file} has an invalid records\\.inventory\\[1\\] \\(line 10\\): quantityAvailable`));
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'c']), { repair: true });
    expect(logged).toContain(`--repair: the data file ${file}, records.inventory[1] (line 10): quantityAvailable: must be an integer from 0 to 2147483647 (got -5)`);
  });

  it('a snapshot edited by hand and reformatted (jq .): --repair keeps every record and writes a new checksum', async () => {
    await threeInSnapshot();
    const document = JSON.parse(await readFile(file, 'utf8')) as { records: { inventory: { name: string }[] } };
    document.records.inventory[0]!.name = 'A (edited)';
    await writeFile(file, JSON.stringify(document, null, 2));
    await expectRefusal('has no checksum line');
    await withSandbox(async (call) => expect(await names(call)).toEqual(['A (edited)', 'b', 'c']), { repair: true });
    logged = [];
    await withSandbox(async (call) => expect(await names(call)).toEqual(['A (edited)', 'b', 'c']));
    expect(logged).toEqual([]);
  });

  it('--repair on sound files changes no record and says so', async () => {
    await threeInSnapshot();
    await withSandbox(async (call) => expect(await names(call)).toEqual(['a', 'b', 'c']), { repair: true });
    expect(logged).toEqual(['--repair: the data files are sound; nothing to repair']);
    expect(await setAside()).toEqual([]);
  });
});

describe('decimals that would not come back as sent', () => {
  it('are refused with 400, so no write can make the data file unloadable', async () => {
    await withSandbox(async (call) => {
      await call('POST', '/v1/inventory', { body: inventoryBody('tent') });
      expect((await call('POST', '/v1/inventory/1/pricing', { body: { inventoryId: 1, rentalBlockId: 1, price: '5' } })).status).toBe(201);
      // As JSON text: numbers beyond a double (1e400), beyond the range, beyond 4 decimal places.
      for (const price of [`"1${'0'.repeat(400)}"`, '"99999999999999999999.99"', '"0.00001"', '1e400', '1e20', '123.456789']) {
        const body = `{"id":1,"inventoryId":1,"rentalBlockId":1,"price":${price}}`;
        const put = await call('PUT', '/v1/inventory/1/pricing/1', { rawBody: body, headers: { 'content-type': 'application/json' } });
        expect([put.status, put.json.error.code], price).toEqual([400, 'validation_failed']);
      }
    });
    for (let restart = 0; restart < 2; restart++) {
      await withSandbox(async (call) => expect((await call('GET', '/v1/inventory/1/pricing/1')).json.data[0]!.price).toBe(5));
    }
  });
});
