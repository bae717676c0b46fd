// The engine end to end over the sandbox in process (test/helpers/sandbox-api.ts): import, apply of a plan file, resume, undo,
// export round trip, adjust. Assertions are on the server's state, not only on outcomes.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planAdjust } from '../../src/bulk/adjust.js';
import { applyPlan } from '../../src/bulk/apply.js';
import { exportRecords, streamExport } from '../../src/bulk/export.js';
import { planImport } from '../../src/bulk/import.js';
import { inputFromRows } from '../../src/bulk/input/index.js';
import { money } from '../../src/domain/money.js';
import { checkRowValues, parsePlan, serializePlan } from '../../src/bulk/plan-file.js';
import { type ReportLine, formatReportLine, mergeCarried, readReport, resumeFrom, undoPlan } from '../../src/bulk/report.js';
import { inventoryRows, priceRows } from '../../src/bulk/spec.js';
import { ValidationError } from '../../src/errors.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { type PlanRow, newPlan } from '../../src/bulk/plan.js';
import { type Fault, FakeApi } from '../helpers/sandbox-api.js';
import { PRICE_HEADER, contextFor, planText, textChunks } from './helpers.js';
import { describeJsonError } from '../../src/json-error.js';
import { planKeyFrom } from '../../src/config/plan-key.js';

/** The test user's plan key, and another user's. */
const KEY = planKeyFrom(Buffer.alloc(32, 7));
const OTHER_KEY = planKeyFrom(Buffer.alloc(32, 9));

type Options = Parameters<typeof planText>[2] & { signal?: AbortSignal; concurrency?: number; stopAfter?: number };

async function importText(api: FakeApi, text: string, options: Options = {}) {
  const planned = await planText(api, text, { ...options, context: { concurrency: options.concurrency } });
  const lines: ReportLine[] = [];
  const controller = new AbortController();
  const carried = options.carried ?? new Map();
  const sink = mergeCarried(carried.values(), (line) => lines.push(line));
  const summary = await applyPlan(priceRows, planned.plan, contextFor(api, { signal: controller.signal, concurrency: options.concurrency }), {
    snapshot: planned.live,
    onLine: (line) => {
      sink.write(line);
      if (options.stopAfter !== undefined && lines.length >= options.stopAfter) controller.abort();
    },
  });
  sink.end();
  return { planned, summary, lines, report: lines.map(formatReportLine).join('') };
}

/** The first POST goes wrong this way; the rest go through. */
function failFirstPost(api: FakeApi, fault: Fault): void {
  let posts = 0;
  api.fault = (call) => (call.method === 'POST' && ++posts === 1 ? fault : undefined);
}

function csvOf(rows: Record<string, unknown>[], columns: readonly string[]): string {
  const cell = (v: unknown): string => {
    const text = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n');
}

/** Every price of items 1..items, blocks 1 and 2, set to f(item, block). */
function priceFile(items: number, f: (item: number, block: number) => string): string {
  const lines = ['inventoryId,rentalBlockId,price'];
  for (let item = 1; item <= items; item++) for (const block of [1, 2]) lines.push(`${item},${block},${f(item, block)}`);
  return lines.join('\n');
}

/** Items of the exactness run (two rows each): 5,000 in the long run (RENTALS_LONG_TESTS), 1,000 otherwise. */
const ITEMS = process.env.RENTALS_LONG_TESTS ? 5_000 : 1_000;

describe('import', () => {
  it(`${(ITEMS * 2).toLocaleString('en')} rows apply exactly; a second run changes nothing`, async () => {
    const api = FakeApi.catalogue(ITEMS);
    const target = (item: number, block: number) => `${item}.${block}5`;
    const first = await importText(api, priceFile(ITEMS, target));
    expect(first.summary.counts.updated).toBe(ITEMS * 2);
    expect(first.summary.complete).toBe(true);
    expect(first.lines).toHaveLength(ITEMS * 2);
    expect(api.count('PUT')).toBe(ITEMS * 2);
    expect(api.count('POST')).toBe(0);
    expect(api.maxInFlight).toBeLessThanOrEqual(32) // the default concurrency;
    for (const price of api.records('prices')) {
      expect(price.price).toBe(Number(target(price.inventoryId as number, price.rentalBlockId as number)));
    }

    api.calls.length = 0;
    const second = await importText(api, priceFile(ITEMS, target));
    expect(second.summary.counts.unchanged).toBe(ITEMS * 2);
    expect(api.count('PUT') + api.count('POST') + api.count('DELETE')).toBe(0);
  });

  it('writes at most `concurrency` requests at a time, and uses them', async () => {
    const api = FakeApi.catalogue(30);
    api.latencyMs = 2;
    await importText(api, priceFile(30, () => '1'), { concurrency: 5 });
    expect(api.maxInFlight).toBe(5);
  });

  it('planning alone (--dry-run) and a file with an invalid row send no write', async () => {
    const api = FakeApi.catalogue(3);
    const { plan, issues } = await planText(api, `${priceFile(3, () => '9')}\n1,1,"1,200"`);
    expect(plan.totals.update).toBe(6);
    expect(issues).toHaveLength(1);
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('creates prices that do not exist; a lost POST answer makes no duplicate', async () => {
    const api = FakeApi.catalogue(2);
    api.seed('rentalBlocks', [{ id: 3, pricingType: 'Month', active: 1 }]);
    failFirstPost(api, 'lost-response');
    const { lines } = await importText(api, 'inventoryId,rentalBlockId,price\n1,3,300\n2,3,301\n');
    expect(lines.map((l) => l.outcome)).toEqual(['created', 'created']);
    expect(api.count('POST')).toBe(2); // the lost one was found, not sent again
    const month = api.records('prices').filter((p) => p.rentalBlockId === 3);
    expect(month.map((p) => [p.inventoryId, p.price])).toEqual([
      [1, 300],
      [2, 301],
    ]);
    expect(lines[0]!.ids.id).toBe(month[0]!.id);
  });

  it('a POST lost before the server acted is sent again, once', async () => {
    const api = FakeApi.catalogue(1);
    api.seed('rentalBlocks', [{ id: 3, pricingType: 'Month', active: 1 }]);
    failFirstPost(api, 'lost-request');
    const { lines } = await importText(api, 'inventoryId,rentalBlockId,price\n1,3,300\n');
    expect(lines[0]!.outcome).toBe('created');
    expect(api.count('POST')).toBe(2);
    expect(api.price(1, 3)).toBe(300);
  });
});

describe('set: a one-row import from flags', () => {
  it('unchanged sends nothing, different PUTs, missing POSTs', async () => {
    const api = FakeApi.catalogue(1);
    api.seed('rentalBlocks', [{ id: 3, pricingType: 'Month', active: 1 }]);
    const set = async (rentalBlockId: number, price: string) => {
      const input = inputFromRows('(flags)', [{ line: 1, values: { inventoryId: 1, rentalBlockId, price } }]);
      const planned = await planImport(priceRows, input, contextFor(api));
      const summary = await applyPlan(priceRows, planned.plan, contextFor(api), { snapshot: planned.live });
      return Object.entries(summary.counts).filter(([, n]) => n > 0);
    };
    expect(await set(1, '1.10')).toEqual([['unchanged', 1]]);
    expect(await set(1, '7')).toEqual([['updated', 1]]);
    expect(await set(3, '9')).toEqual([['created', 1]]);
    expect([api.count('PUT'), api.count('POST')]).toEqual([1, 1]);
    expect([api.price(1, 1), api.price(1, 3)]).toEqual([7, 9]);
  });
});

describe('plan file and apply', () => {
  it("a write the server refuses fails with the server's answer, and the rest go on", async () => {
    const api = FakeApi.catalogue(2);
    api.seed('rentalBlocks', [{ id: 3, pricingType: 'Month', active: 1 }]);
    const { plan } = await planText(api, 'inventoryId,rentalBlockId,price\n1,3,30\n2,1,9\n');
    api.drop('rentalBlocks', 3); // someone else, after the plan

    const lines: ReportLine[] = [];
    const summary = await applyPlan(priceRows, plan, contextFor(api), { onLine: (l) => lines.push(l) });
    expect(lines.map((l) => [l.line, l.outcome, l.error])).toEqual([
      [2, 'failed', 'POST /v1/inventory/1/pricing: HTTP 400 Bad Request: invalid inventory price (rentalBlockId: no rental block 3)'],
      [3, 'updated', undefined],
    ]);
    expect(api.price(1, 3)).toBeUndefined();
    expect(api.price(2, 1)).toBe(9);
    expect(summary.complete).toBe(false);
  });

  it('a price changed by someone else since the plan is stale and kept', async () => {
    const api = FakeApi.catalogue(3);
    const { plan } = await planText(api, priceFile(3, (item, block) => `${item * 100 + block}`));
    const file = serializePlan(plan, KEY);
    expect(file.trimEnd().split('\n')).toHaveLength(plan.rows.length + 4); // a row per line, between the head's two lines and the end's two
    api.seed('prices', [{ id: 21, inventoryId: 2, rentalBlockId: 1, price: 55 }]); // someone else
    api.calls.length = 0;

    const lines: ReportLine[] = [];
    const summary = await applyPlan(priceRows, parsePlan(file, 'plan.json', priceRows, KEY), contextFor(api), { onLine: (l) => lines.push(l) });
    expect(lines.find((l) => l.ids.id === 21)).toMatchObject({
      outcome: 'stale',
      error: 'changed since the plan: price is now 55, the plan expected 2.1',
    });
    expect(api.price(2, 1)).toBe(55);
    expect(summary.counts).toMatchObject({ updated: 5, stale: 1 });
    expect(summary.complete).toBe(false);
    expect(api.count('GET', 'prices')).toBe(3); // each item read afresh once, right before its rows

    // Applying the same plan again: done rows are unchanged, the stale one is still stale.
    const again = await applyPlan(priceRows, parsePlan(file, 'plan.json', priceRows, KEY), contextFor(api));
    expect(again.counts).toMatchObject({ unchanged: 5, stale: 1 });
  });

  it('refuses a plan for another resource, another version, or with broken rows', () => {
    const plan = { version: 1, resource: 'inventory', rows: [] };
    expect(() => parsePlan(JSON.stringify(plan), 'p.json', priceRows, KEY)).toThrow('p.json: is a plan for inventory, not for inventory prices');
    expect(() => parsePlan(JSON.stringify({ ...plan, version: 3 }), 'p.json', priceRows, KEY)).toThrow('p.json: has plan version 3; this rentals reads versions 1 and 2');
    expect(() => parsePlan('nope', 'p.json', priceRows, KEY)).toThrow(/not JSON/);
    const broken = {
      version: 1,
      resource: 'prices',
      rows: [
        { line: 1, action: 'update', ids: { id: 1 }, old: null, new: { price: 1 } },
        { line: 2, action: 'fly', ids: {}, old: null, new: null },
        { line: 3, action: 'create', ids: { eventId: 4 }, old: null, new: { price: 1 } },
      ],
    };
    let error: unknown;
    try {
      parsePlan(JSON.stringify(broken), 'p.json', priceRows, KEY);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => `${i.field}: ${i.message}`)).toEqual([
      'p.json rows[0]: a row that will update needs "old"',
      'p.json rows[1]: has an unknown action "fly"',
      'p.json rows[2]: has ids eventId, which inventory prices do not have: is it from another command?',
    ]);
  });
});

describe('plan digest: a plan changed by hand is refused', () => {
  const edit = (file: string, from: string | RegExp, to: string): string => {
    const edited = file.replace(from, to);
    expect(edited).not.toBe(file);
    return edited;
  };

  it.each([
    ['a changed price', (f: string) => edit(f, '"new":{"price":101}', '"new":{"price":999}')],
    ['a row retargeted to another record', (f: string) => edit(f, '"id":11,', '"id":12,')],
    ['an action changed to delete', (f: string) => edit(f, /"action":"update"/, '"action":"delete"')],
    ['a duplicated row', (f: string) => edit(f, /\n(\{"line":2,[^\n]*\})/, '\n$1,\n$1')],
    ['a digest removed', (f: string) => edit(f, /,"digest":"[^"]*"/, '')],
  ])('%s: exit 2, nothing sent', async (_name, change) => {
    const api = FakeApi.catalogue(3);
    const { plan } = await planText(api, priceFile(3, (item, block) => `${item * 100 + block}`));
    const file = change(serializePlan(plan, KEY));
    let error: unknown;
    try {
      parsePlan(file, 'plan.json', priceRows, KEY);
    } catch (e) {
      error = e;
    }
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toMatch(/the plan was changed after it was made|has no digest/);
  });

  /** The plan file with its rows rewritten and its digest recomputed as `sign` says. */
  const forge = (file: string, change: (rows: PlanRow[]) => PlanRow[], sign: (head: string, rowLines: string[]) => string): string => {
    const value = JSON.parse(file) as { rows: PlanRow[]; digest: string };
    const rows = change(value.rows);
    const rowLines = rows.map((row) => JSON.stringify(row));
    const { rows: _old, digest: _digest, ...head } = value;
    return JSON.stringify({ ...head, digest: sign(JSON.stringify(head), rowLines), rows });
  };
  const toDelete = (rows: PlanRow[]): PlanRow[] => rows.map((row, i) => (i === 0 ? { ...row, action: 'delete', new: null } : row));
  const refusal = (file: string, key = KEY): Error => {
    try {
      parsePlan(file, 'plan.json', priceRows, key);
    } catch (error) {
      expect(exitCodeFor(error)).toBe(2);
      return error as Error;
    }
    throw new Error('the plan was accepted');
  };

  it('an update turned into a delete, its digest recomputed without the key (the unkeyed SHA-256 of old): refused, exit 2', async () => {
    const api = FakeApi.catalogue(3);
    const { plan } = await planText(api, priceFile(3, (item, block) => `${item * 100 + block}`));
    const unkeyed = forge(serializePlan(plan, KEY), toDelete, (_head, lines) => {
      const hash = createHash('sha256').update(`prices\n{}\n`);
      for (const line of lines) hash.update(`${line}\n`);
      return `sha256:${hash.digest('hex')}`;
    });
    expect(refusal(unkeyed).message).toMatch(/plan\.json: the plan's digest is not one this rentals signs \(hmac-sha256\); nothing was sent: make the plan again here \(rentals prices import … --plan plan\.json/);
    // A digest in the right form under a guessed key names another key: the same refusal, no hint that it was close.
    const guessed = forge(serializePlan(plan, KEY), toDelete, (_head, lines) => serializePlan({ ...plan, rows: JSON.parse(`[${lines.join(',')}]`) as PlanRow[] }, OTHER_KEY).match(/"digest":"([^"]+)"/)![1]!);
    expect(refusal(guessed).message).toContain('signed with another plan key');
    // The key's id copied with a made-up MAC: changed after it was made.
    const copiedId = forge(serializePlan(plan, KEY), toDelete, () => `hmac-sha256:${KEY.id}:${'0'.repeat(64)}`);
    expect(refusal(copiedId).message).toContain('the plan was changed after it was made');
  });

  it('a plan signed by another user or machine: refused, saying how to make it again here', async () => {
    const api = FakeApi.catalogue(3);
    const { plan } = await planText(api, priceFile(3, (item, block) => `${item * 100 + block}`));
    const message = refusal(serializePlan(plan, OTHER_KEY)).message;
    expect(message).toContain(`plan.json: the plan was signed with another plan key (${OTHER_KEY.id}; yours is ${KEY.id}): it was made by another user or on another machine`);
    expect(message).toContain('make the plan again here (rentals prices import … --plan plan.json');
  });

  it('even under a valid digest (a program holding the key), each row\'s action and target must follow from its own values', async () => {
    const api = FakeApi.catalogue(3);
    const { plan } = await planText(api, priceFile(3, (item, block) => `${item * 100 + block}`));
    const [row] = plan.rows.filter((r) => r.action === 'update');
    const signed = (rows: PlanRow[], source = plan.source) => serializePlan({ ...plan, source, rows }, KEY);
    const issues = (file: string) => (refusal(file) as ValidationError).issues.map((i) => `${i.field}: ${i.message}`);
    expect(issues(signed([{ ...row!, action: 'delete', new: null }]))).toEqual([`plan.json rows[0] (line ${row!.line}): will delete a record, which only a plan made by --undo does`]);
    expect(issues(signed([{ ...row!, new: { ...row!.old } }]))).toEqual([`plan.json rows[0] (line ${row!.line}): will update, but "new" is "old"`]);
    expect(issues(signed([{ ...row!, action: 'create' }]))).toEqual([`plan.json rows[0] (line ${row!.line}): will create a record, yet names an id`]);
    expect(issues(signed([{ ...row!, action: 'unchanged' }]))).toEqual([`plan.json rows[0] (line ${row!.line}): is unchanged, but its "old" and "new" differ`]);
    const scoped = serializePlan({ ...plan, scope: { inventoryId: 99 }, rows: [row!] }, KEY);
    expect(issues(scoped)).toEqual([`plan.json rows[0] (line ${row!.line}) inventoryId: is ${row!.ids.inventoryId}, outside the plan's scope (inventoryId 99)`]);
    // A row whose id names another record than its item and rental block say: stale at apply, nothing written.
    const retargeted = { ...row!, ids: { ...row!.ids, id: row!.ids.rentalBlockId === 1 ? row!.ids.id! + 1 : row!.ids.id! - 1 } };
    const before = api.count('PUT', 'prices');
    const lines: ReportLine[] = [];
    await applyPlan(priceRows, parsePlan(signed([retargeted]), 'plan.json', priceRows, KEY), contextFor(api), { onLine: (l) => lines.push(l) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ outcome: 'stale' });
    expect(lines[0]!.error).toMatch(new RegExp(`^inventory price ${retargeted.ids.id} is not the record the plan row describes: rentalBlockId is \\d, the plan row says ${row!.ids.rentalBlockId}$`));
    expect(api.count('PUT', 'prices')).toBe(before);
    // An undo's delete is what it says.
    expect(parsePlan(signed([{ ...row!, action: 'delete', new: null }], 'undo of run.ndjson'), 'plan.json', priceRows, KEY).rows).toHaveLength(1);
  });

  it('values are checked again, even under a matching digest: -5, "abc", 1e400, an unknown field, two rows for one record', () => {
    const rows: PlanRow[] = [
      { line: 2, action: 'update', ids: { id: 11, inventoryId: 1, rentalBlockId: 1 }, old: { price: 1 }, new: { price: -5 } },
      { line: 3, action: 'update', ids: { id: 12, inventoryId: 1, rentalBlockId: 2 }, old: { price: 1 }, new: { price: 'abc' } },
      { line: 4, action: 'create', ids: { inventoryId: 2, rentalBlockId: 3 }, old: null, new: { price: Number('1e400') } },
      { line: 5, action: 'update', ids: { id: 21, inventoryId: 2, rentalBlockId: 1 }, old: { price: 1 }, new: { colour: 'red' } },
      { line: 6, action: 'update', ids: { id: 22, inventoryId: 2, rentalBlockId: 2 }, old: { price: 1 }, new: { price: 3 } },
      { line: 7, action: 'update', ids: { id: 22, inventoryId: 2, rentalBlockId: 2 }, old: { price: 1 }, new: { price: 4 } },
    ];
    expect(checkRowValues(rows, priceRows, 'plan.json').map((i) => `${i.field}: ${i.message}`)).toEqual([
      'plan.json rows[0] (line 2) price: must be ≥ 0',
      'plan.json rows[1] (line 3) price: must be a decimal number such as 12 or 12.50',
      'plan.json rows[2] (line 4) price: must be a decimal number',
      'plan.json rows[3] (line 5) colour: is not a field inventory prices can set',
      'plan.json rows[5] (line 7): changes the same inventory price as rows[4]',
    ]);
    // parsePlan runs the same check on a plan whose digest matches (a program wrote it).
    const plan = newPlan(priceRows, rows.slice(0, 1), { source: 'by hand' });
    let error: unknown;
    try {
      parsePlan(serializePlan(plan, KEY), 'plan.json', priceRows, KEY);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => `${i.field}: ${i.message}`)).toEqual([
      'plan.json rows[0] (line 2) price: must be ≥ 0',
    ]);
  });
});

describe('resume', () => {
  it('after a run stopped halfway, re-runs only what did not apply; the merged report covers every row', async () => {
    const api = FakeApi.catalogue(500);
    const file = priceFile(500, (item, block) => `${item}.${block}9`);
    const first = await importText(api, file, { stopAfter: 400 });
    expect(first.summary.aborted).toBe(true);
    const applied = first.summary.counts.updated;
    expect(applied).toBeGreaterThanOrEqual(400);
    expect(first.summary.counts.not_run).toBe(1_000 - applied);
    expect(first.lines).toHaveLength(1_000);

    const report = await readReport(textChunks(first.report), 'report.ndjson', priceRows);
    const { carried } = resumeFrom(report);
    api.calls.length = 0;
    const second = await importText(api, file, { carried });
    expect(api.count('PUT')).toBe(1_000 - applied);
    expect(second.lines).toHaveLength(1_000);
    expect(second.lines.map((l) => l.line)).toEqual(first.lines.map((l) => l.line));
    expect(second.lines.every((l) => l.outcome === 'updated')).toBe(true);
    for (let item = 1; item <= 500; item++) expect(api.price(item, 2)).toBe(Number(`${item}.29`));
  });

  it('re-plans failed and stale rows against the live state', async () => {
    const api = FakeApi.catalogue(2);
    const report = [
      { line: 2, action: 'update', outcome: 'failed', ids: { id: 11, inventoryId: 1, rentalBlockId: 1 }, old: { price: 1.1 }, new: { price: 5 }, error: 'HTTP 503' },
      { line: 3, action: 'update', outcome: 'updated', ids: { id: 12, inventoryId: 1, rentalBlockId: 2 }, old: { price: 1.2 }, new: { price: 6 } },
      { line: 4, action: 'update', outcome: 'stale', ids: { id: 21, inventoryId: 2, rentalBlockId: 1 }, old: { price: 9 }, new: { price: 7 } },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const { carried } = resumeFrom(await readReport(textChunks(report), 'r.ndjson', priceRows));
    const { lines } = await importText(api, 'inventoryId,rentalBlockId,price\n1,1,5\n1,2,6\n2,1,7\n', { carried });
    expect(lines.map((l) => [l.line, l.outcome, l.old])).toEqual([
      [2, 'updated', { price: 1.1 }],
      [3, 'updated', { price: 1.2 }], // carried from the report, not run
      [4, 'updated', { price: 2.1 }], // "old" is what the server has now
    ]);
    expect(api.count('PUT')).toBe(2);
  });

  it('a report that does not belong to the file is refused', async () => {
    const api = FakeApi.catalogue(2);
    const report = JSON.stringify({ line: 2, action: 'update', outcome: 'updated', ids: { id: 11, inventoryId: 1, rentalBlockId: 1 }, old: { price: 1 }, new: { price: 2 } });
    const { carried } = resumeFrom(await readReport(textChunks(report), 'r.ndjson', priceRows));
    const { messages } = await planText(api, 'inventoryId,rentalBlockId,price\n2,1,5\n', { carried });
    expect(messages).toEqual(['prices.csv:2 inventoryId: the report says line 2 set inventoryId 1: is the report from this file? (got 2)']);
  });

  it('a line that names its record by name is checked against the report by the id the name resolves to', async () => {
    const api = FakeApi.catalogue(2);
    const report = JSON.stringify({ line: 2, action: 'update', outcome: 'updated', ids: { id: 11, inventoryId: 1, rentalBlockId: 1 }, old: { price: 1 }, new: { price: 2 } });
    const { carried } = resumeFrom(await readReport(textChunks(report), 'r.ndjson', priceRows));
    const same = await planText(api, 'inventoryId,rentalBlockId,price\nItem 1,Weekend,5\n', { carried });
    expect(same.messages).toEqual([]);
    const byBlock = await planText(api, 'inventoryId,rentalBlockId,price\nItem 1,Week,5\n', { carried });
    expect(byBlock.messages).toEqual(['prices.csv:2 rentalBlockId: the report says line 2 set rentalBlockId 1: is the report from this file? (got 2)']);
    const byNameColumn = await planText(api, 'inventoryName,pricingType,price\nItem 2,Weekend,5\n', { carried });
    expect(byNameColumn.messages).toEqual(['prices.csv:2 inventoryId: the report says line 2 set inventoryId 1: is the report from this file? (got 2)']);
    const gone = await planText(api, 'inventoryName,pricingType,price\nItem 9,Weekend,5\n', { carried });
    expect(gone.messages).toEqual([expect.stringMatching(/^prices\.csv:2:1 inventoryName: no inventory item is named "Item 9"/)]);
  });

  it('readReport names every malformed line', async () => {
    const text = ['{"line":1,"action":"update","outcome":"done","ids":{},"old":null,"new":null}', 'not json', '{"line":3,"action":"update","outcome":"updated","ids":{"eventId":2},"old":null,"new":null}'].join('\n');
    await expect(readReport(textChunks(text), 'r.ndjson', priceRows)).rejects.toThrow(
      [
        'invalid r.ndjson:',
        '  - r.ndjson:1: has an unknown outcome "done"',
        `  - r.ndjson:2: is not valid JSON: ${jsonError('not json')}`,
        '  - r.ndjson:3: has ids eventId, which inventory prices do not have: is it from another command?',
      ].join('\n'),
    );
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonError(error, text);
  }
  return '';
}

describe('undo', () => {
  it('puts back updated prices and deletes created ones; a price changed since is stale', async () => {
    const api = FakeApi.catalogue(3);
    api.seed('rentalBlocks', [{ id: 3, pricingType: 'Month', active: 1 }]);
    const before = new Map(api.records('prices').map((p) => [p.id, p.price]));
    const run = await importText(api, 'inventoryId,rentalBlockId,price\n1,1,50\n2,1,60\n3,3,70\n3,2,3.2\n');
    expect(run.lines.map((l) => l.outcome)).toEqual(['updated', 'updated', 'created', 'unchanged']);
    api.seed('prices', [{ id: 21, inventoryId: 2, rentalBlockId: 1, price: 61 }]); // someone else, after the run

    const report = await readReport(textChunks(run.report), 'run.ndjson', priceRows);
    const plan = undoPlan(priceRows, report, { file: 'run.ndjson' });
    expect(plan.rows.map((r) => [r.line, r.action, r.old, r.new])).toEqual([
      [2, 'update', { price: 50 }, { price: 1.1 }],
      [3, 'update', { price: 60 }, { price: 2.1 }],
      [4, 'delete', { price: 70 }, null],
    ]);
    const lines: ReportLine[] = [];
    await applyPlan(priceRows, plan, contextFor(api), { onLine: (l) => lines.push(l) });
    expect(lines.map((l) => l.outcome)).toEqual(['updated', 'stale', 'deleted']);
    expect(api.price(1, 1)).toBe(before.get(11));
    expect(api.price(2, 1)).toBe(61);
    expect(api.price(3, 3)).toBeUndefined();

    // Undoing the undo's report brings back what the undo removed.
    const undoReport = await readReport(textChunks(lines.map(formatReportLine).join('')), 'undo.ndjson', priceRows);
    await applyPlan(priceRows, undoPlan(priceRows, undoReport, { file: 'undo.ndjson' }), contextFor(api));
    expect(api.price(1, 1)).toBe(50);
    expect(api.price(3, 3)).toBe(70);
  });
});

describe('export → spreadsheet → import', () => {
  it('round-trips: names with commas and quotes, extra columns added by the spreadsheet', async () => {
    const api = FakeApi.catalogue(3);
    api.seed('inventory', [{ id: 2, name: 'Tent, "large"', quantityAvailable: 1, active: 1 }]);
    const rows = await exportRecords(priceRows, contextFor(api));
    expect(Object.keys(rows[0]!)).toEqual(PRICE_HEADER.split(','));
    expect(rows[2]).toEqual({ inventoryId: 2, inventoryName: 'Tent, "large"', rentalBlockId: 1, pricingType: 'Weekend', price: 2.1, id: 21 });
    const edited = rows.map((r, i) => ({ ...r, price: i === 2 ? 2.5 : r.price, note: 'checked' }));
    const text = `\uFEFF${csvOf(edited, [...PRICE_HEADER.split(','), 'note'])}\r\n\r\n`;
    const { lines } = await importText(api, text);
    expect(lines.map((l) => l.outcome)).toEqual(['unchanged', 'unchanged', 'updated', 'unchanged', 'unchanged', 'unchanged']);
    expect(api.price(2, 1)).toBe(2.5);
  });

  it('streamed parent by parent, gives the rows the whole export gives, in its order, whatever order the parents are listed in', async () => {
    const api = FakeApi.catalogue(5, (item, block) => item * 10 + block);
    const whole = await exportRecords(priceRows, contextFor(api));
    const streamed = [];
    for await (const batch of (await streamExport(priceRows, contextFor(api), { parents: [4, 1, 5, 2, 3] }))!) streamed.push(...batch);
    expect(streamed).toEqual(whole);
    expect(await streamExport(inventoryRows, contextFor(api))).toBeUndefined(); // no parent: sorted whole
  });

  it('--inventory-id limits the items read', async () => {
    const api = FakeApi.catalogue(4);
    const rows = await exportRecords(priceRows, contextFor(api), { parents: [3] });
    expect(rows.map((r) => r.id)).toEqual([31, 32]);
    expect(api.count('GET', 'prices')).toBe(1);
  });
});

describe('adjust', () => {
  it('+5% with round 0.01 on the chosen block: 19.99 → 20.99', async () => {
    const api = FakeApi.catalogue(3, (item, block) => (block === 1 ? 19.99 : item * 10));
    const { plan, live } = await planAdjust(priceRows, contextFor(api), {
      adjustment: { kind: 'percent', by: money('5') },
      round: money('0.01'),
      filter: { rentalBlockId: [1] },
    });
    expect(plan.rows.map((r) => [r.line, r.action, r.label, r.old, r.new])).toEqual([
      [1, 'update', 'Item 1 / Weekend', { price: 19.99 }, { price: 20.99 }],
      [2, 'update', 'Item 2 / Weekend', { price: 19.99 }, { price: 20.99 }],
      [3, 'update', 'Item 3 / Weekend', { price: 19.99 }, { price: 20.99 }],
    ]);
    await applyPlan(priceRows, plan, contextFor(api), { snapshot: live });
    expect(api.price(2, 1)).toBe(20.99);
    expect(api.price(2, 2)).toBe(20);
  });

  it('below 0 is invalid; --max-change refuses; unchanged when rounding keeps the price', async () => {
    const api = FakeApi.catalogue(3, (item) => [0, 5, 100, 3][item]!);
    const { plan } = await planAdjust(priceRows, contextFor(api), {
      adjustment: { kind: 'amount', by: money('-10') },
      filter: { inventoryId: [1, 2] },
      maxChange: money('50'),
    });
    expect(api.count('GET', 'prices')).toBe(2);
    expect(plan.rows.map((r) => [r.action, r.error])).toEqual([
      ['invalid', 'price: would go below 0 (5 - 10 = -5) (got 5)'],
      ['invalid', 'price: would go below 0 (5 - 10 = -5) (got 5)'],
      ['update', undefined],
      ['update', undefined],
    ]);
    const big = await planAdjust(priceRows, contextFor(api), { adjustment: { kind: 'percent', by: money('60') }, filter: { inventoryId: [2] }, maxChange: money('50') });
    expect(big.plan.rows[0]).toMatchObject({ action: 'refused', error: 'price: changes by +60.0%, more than --max-change 50%' });
    const tiny = await planAdjust(priceRows, contextFor(api), { adjustment: { kind: 'percent', by: money('0.1') }, round: money('1'), filter: { inventoryId: [1] } });
    expect(tiny.plan.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
  });

  it('--resume re-adjusts only the records whose rows did not apply, from their live price', async () => {
    const api = FakeApi.catalogue(2, () => 10);
    const report = [
      { line: 1, action: 'update', outcome: 'updated', ids: { id: 11, inventoryId: 1, rentalBlockId: 1 }, old: { price: 10 }, new: { price: 11 } },
      { line: 2, action: 'update', outcome: 'not_run', ids: { id: 12, inventoryId: 1, rentalBlockId: 2 }, old: { price: 10 }, new: { price: 11 } },
      { line: 3, action: 'update', outcome: 'stale', ids: { id: 21, inventoryId: 2, rentalBlockId: 1 }, old: { price: 10 }, new: { price: 11 } },
    ];
    api.seed('prices', [{ id: 21, inventoryId: 2, rentalBlockId: 1, price: 20 }]);
    const { retryIds } = resumeFrom(report as ReportLine[]);
    const { plan } = await planAdjust(priceRows, contextFor(api), { adjustment: { kind: 'percent', by: money('10') }, only: retryIds });
    expect(plan.rows.map((r) => [r.line, r.ids.id, r.new])).toEqual([
      [2, 12, { price: 11 }],
      [3, 21, { price: 22 }],
    ]);
  });
});
