// `rentals mcp` speaks as a tool, not as a shell: a bulk tool writes no report file on the server's
// machine and points to the undo tool with its history entry; what a command says back names the
// tool's inputs (`yes: true`, `eventStatusId`, `limit`), not its flags. Generated from the tools
// list: every bulk tool, every tool called without its inputs.

import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { type Tool, assistantTools } from '../../src/cli/commands/mcp/tools.js';
import { dataDir } from '../../src/config/store.js';
import { spawnedClient } from '../helpers/mcp-client.js';
import { calendarSuite } from './calendar-fixtures.js';
import { BIN, cliEnv } from './harness.js';
import { data } from './server-state.js';

const fixtures = calendarSuite('MCP words');
const { call, item, event } = fixtures;

interface Answer {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown> & { error?: { exitCode: number; message: string } };
  isError?: boolean;
}

/** A server with a config directory (and home) of its own, and the data directory it would keep reports in. */
async function serve(): Promise<{ client: Client; home: string; reports: string; call: (name: string, args: Record<string, unknown>) => Promise<Answer> }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...cliEnv(fixtures.sandbox()) };
  const home = env.HOME!;
  const { client } = await spawnedClient(BIN, [], env);
  return {
    client,
    home,
    reports: join(dataDir(env, home), 'reports'),
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as Answer,
  };
}

const texts = (answer: Answer): string => answer.content.map((c) => c.text ?? '').join('\n');

describe('a bulk tool keeps no report on the server and points to the undo tool', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    served = await serve();
  });
  afterAll(async () => {
    await served?.client.close();
  });

  /** Each bulk tool's call that changes something: its file written in the server's home. */
  const calls: Record<string, () => Promise<Record<string, unknown>>> = {
    inventory_import: async () => ({ file: file('items.ndjson', [{ name: fixtures.unique('MCP words imported'), quantityAvailable: 3, active: true }]) }),
    prices_import: async () => {
      const tent = await item(1, 10);
      const [price] = await data(call(), 'GET', `/v1/inventory/${tent.id}/pricing`);
      return { file: file('prices.ndjson', [{ id: price!.id, inventoryId: tent.id, rentalBlockId: 1, price: 12 }]) };
    },
    prices_adjust: async () => ({ percent: '10', inventoryId: [String((await item(1, 20)).id)] }),
    bookings_import: async () => {
      const [tent, party] = [await item(2), await event('2029-07-01T08:00:00', '2029-07-02T08:00:00')];
      return { eventId: String(party.id), file: file('bookings.ndjson', [{ inventoryId: tent.id, quantity: 1, price: 10 }]) };
    },
  };
  const file = (name: string, rows: object[]): string => {
    const dir = join(served.home, 'files');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
    return join(dir, name);
  };

  test('the bulk tools are the commands that keep a report at the shell', async () => {
    const offered = new Set((await assistantTools(registry)).map((tool) => tool.name));
    const bulk = (await registry.everyCommand()).filter(({ command }) => command.flags?.report !== undefined).map(({ words }) => words.join('_'));
    expect(Object.keys(calls).sort()).toEqual(bulk.filter((name) => offered.has(name)).sort());
  });

  test.each(Object.keys(calls))('%s: no file under the data directory, the undo tool with the entry the history has', async (name) => {
    const answer = await served.call(name, await calls[name]!());
    expect(answer.isError, texts(answer)).toBeUndefined();
    expect(answer.structuredContent).toMatchObject({ report: null, summary: { complete: true } });
    expect(existsSync(served.reports) ? readdirSync(served.reports) : []).toEqual([]);
    const [newest] = (await served.call('history', { limit: '1' })).structuredContent?.data as Array<{ id: string; command: string }>;
    expect(newest!.command).toMatch(new RegExp(`^mcp: ${name} `));
    expect(answer.structuredContent?.entry).toBe(newest!.id);
    expect(texts(answer)).toContain(`Undo: the undo tool with {"entry":"${newest!.id}"} takes it back.`);
    expect(texts(answer)).not.toMatch(/--undo|Report:/);
  });

  test('a single write too: the undo tool with its entry, no shell command', async () => {
    const tent = await item(1);
    const answer = await served.call('inventory_update', { id: String(tent.id), name: fixtures.unique('MCP words renamed') });
    expect(answer.isError, texts(answer)).toBeUndefined();
    const [newest] = (await served.call('history', { limit: '1' })).structuredContent?.data as Array<{ id: string }>;
    expect(texts(answer)).toContain(`The undo tool with {"entry":"${newest!.id}"} takes it back.`);
    expect(texts(answer)).not.toContain('rentals undo');
  });
});

describe("what a command says back names the tool's inputs, not its flags", () => {
  let served: Awaited<ReturnType<typeof serve>>;
  let tools: Tool[];
  beforeAll(async () => {
    served = await serve();
    tools = await assistantTools(registry);
  });
  afterAll(async () => {
    await served?.client.close();
  });

  /** The flags that give `tool`'s inputs, every spelling, named in `text` outside the command lines and quotes it holds. */
  const inputFlags = (tool: Tool, text: string): string[] => {
    const prose = text.replace(/`[^`\n]*`|"[^"\n]*"|\brentals [^\n;()]*/g, '');
    return tool.inputs
      .flatMap((input) => (input.place === 'switch' || input.place === 'value' ? [input.flag, ...(input.aliases ?? []), ...(input.inverse ? [input.inverse] : [])] : []))
      .filter((flag) => new RegExp(`(?<![\\w-])--${flag}(?![\\w-])`).test(prose));
  };

  test('every tool called without its inputs (a dry run where it has one): no flag of an input in what it says', async () => {
    const named: Record<string, string[]> = {};
    let errors = 0;
    for (const tool of tools) {
      const answer = await served.call(tool.name, tool.inputs.some((input) => input.property === 'dryRun') ? { dryRun: true } : {});
      if (answer.isError) errors++;
      const flags = inputFlags(tool, `${texts(answer)}\n${answer.structuredContent?.error?.message ?? ''}`);
      if (flags.length > 0) named[tool.name] = flags;
    }
    expect(errors).toBeGreaterThan(10);
    expect(named).toEqual({});
  });

  test.each([
    // More than 50 prices (every item has one), so that the adjust asks for yes: true.
    ['prices_adjust', { percent: '10' }, 2, 'pass yes: true to apply them without a prompt', 51],
    ['events_add', {}, 2, '  - eventStatusId: is required\n', 0],
    ['history', { limit: 'abc' }, 2, 'limit: must be a whole number from 1 to 2147483647 (got "abc")', 0],
    ['prices_adjust', {}, 2, 'give percent or amount (one of them)', 0],
  ])('%s %j: exit %i, "%s"', async (name, args, exitCode, said, items) => {
    for (let n = 0; n < items; n++) await item(1);
    const answer = await served.call(name, args);
    expect(answer.structuredContent?.error).toMatchObject({ exitCode, message: expect.stringContaining(said) });
    expect(answer.content[0]?.text).toContain(said);
    expect(answer.content[0]?.text).not.toMatch(/(?<![\w-])--[a-z]/);
  });

  test('dates out of order: the inputs that set them, the override as the input', async () => {
    const party = await event('2029-09-01T08:00:00', '2029-09-02T08:00:00');
    const rule = "an event's dates go dropoff ≤ start ≤ end ≤ teardown ≤ pickup (allowDateOrder: true sends them anyway)";
    const both = await served.call('events_update', { id: String(party.id), startDate: '2029-09-05 10:00', endDate: '2029-09-04 10:00' });
    expect(both.structuredContent?.error).toMatchObject({ exitCode: 2, message: `startDate 2029-09-05 10:00 is after endDate 2029-09-04 10:00: ${rule}\nNothing was sent.` });
    const one = await served.call('events_update', { id: String(party.id), endDate: '2029-08-31 10:00' });
    expect(texts(one)).toBe(`error: endDate 2029-08-31 10:00 is before the event's start 2029-09-01 08:00: ${rule}\nNothing was sent.`);
  });

  test('a refusal keeps its ways out as commands to type, the override named as the input', async () => {
    const [tent, party] = [await item(1), await event('2029-08-01T08:00:00', '2029-08-02T08:00:00')];
    const answer = await served.call('events_book', { event: String(party.id), item: [`${tent.name}=2`] });
    expect(answer.structuredContent?.error).toMatchObject({ exitCode: 1, meaning: 'refused' });
    expect(texts(answer)).toContain(`rentals events book ${party.id} --item '${tent.name}=2' --allow-overbook`);
  });
});
