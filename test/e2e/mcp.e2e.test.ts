// `rentals mcp` as an assistant's client sees it: the built binary spawned by the SDK's own Client
// and StdioClientTransport, serving over real stdio against the sandbox. One server per describe
// block: list the tools, read the events, check availability, book the last unit, be refused for
// one more (nothing written, check clean), undo; with --read-only, no tool that writes.

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registry } from '../../src/cli/catalog.js';
import { assistantTools } from '../../src/cli/commands/mcp/tools.js';
import { calendarSuite } from './calendar-fixtures.js';
import { BIN, cliEnv, runBin } from './harness.js';
import { data } from './server-state.js';
import { TOKEN } from '../sandbox/helpers.js';
import { spawnedClient } from '../helpers/mcp-client.js';

const fixtures = calendarSuite('MCP');
const { call, item, event, line } = fixtures;

interface Served {
  client: Client;
  /** What the server wrote on stderr so far. */
  log: () => string;
}

interface Answer {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** `rentals mcp …args` spawned with the sandbox's settings in its environment, and a client connected to it. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<Served> {
  return spawnedClient(BIN, args, { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...cliEnv(fixtures.sandbox()), ...env });
}

const lines = async (eventId: number) => (await data(call(), 'GET', `/v1/events/${eventId}/inventory`)).map((l) => [l.inventoryId, l.quantity]);

describe('rentals mcp, driven by the SDK client against the sandbox', () => {
  let served: Served;
  const answers: Answer[] = [];
  const callTool = async (name: string, args: Record<string, unknown>): Promise<Answer> => {
    const answer = (await served.client.callTool({ name, arguments: args })) as Answer;
    answers.push(answer);
    return answer;
  };
  let chairs: { id: number; name: string };
  let wedding: { id: number; name: string };
  let gala: { id: number; name: string };

  beforeAll(async () => {
    chairs = await item(2);
    wedding = await event('2029-05-01T08:00:00', '2029-05-02T10:00:00');
    gala = await event('2029-05-01T12:00:00', '2029-05-02T12:00:00');
    const picnic = await event('2029-05-01T06:00:00', '2029-05-03T06:00:00');
    await line(picnic.id, chairs.id, 1);
    // The shop's clock: what a person reads says times on it; the JSON keeps the UTC instant.
    served = await serve([], { RENTALS_TIMEZONE: 'America/Chicago' });
  });
  afterAll(async () => {
    await served?.client.close();
  });

  test('lists the tools generated from the registry, each input schema valid JSON Schema', async () => {
    const { tools } = await served.client.listTools();
    expect(tools.map((t) => t.name)).toEqual((await assistantTools(registry)).map((t) => t.name));
    const ajv = new Ajv2020();
    for (const tool of tools) expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    expect(tools.find((t) => t.name === 'events_book')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(served.log()).toContain(`rentals mcp: ${tools.length} tools, on stdin and stdout`);
  });

  test('reads the events', async () => {
    const answer = await callTool('events_list', { search: wedding.name });
    expect(answer.isError).toBeUndefined();
    expect(answer.structuredContent?.data).toEqual([expect.objectContaining({ id: wedding.id, eventName: wedding.name })]);
    expect(JSON.parse(answer.content[0]!.text!)).toEqual(answer.structuredContent);
  });

  test('checks availability: one of the two units is free over the window', async () => {
    const answer = await callTool('availability', { item: [chairs.name], from: '2029-05-01', to: '2029-05-02' });
    expect(answer.structuredContent?.data).toEqual([expect.objectContaining({ id: chairs.id, owned: 2, booked: 1, free: 1 })]);
  });

  test('is refused two where one is free: its ways out book the one free, before the override', async () => {
    const answer = await callTool('events_book', { event: String(wedding.id), item: [`${chairs.name}=2`] });
    expect(answer.isError).toBe(true);
    const { commands } = (answer.structuredContent as { refused: { commands: Array<{ kind: string; what: string; command: string }> } }).refused;
    expect(commands.slice(-2)).toEqual([
      { kind: 'book-free', what: `Book the 1 × ${chairs.name} that is free, of the 2 asked`, command: `rentals events book ${wedding.id} --item '${chairs.name}=1'` },
      { kind: 'override', what: 'Write anyway, overbooked', command: `rentals events book ${wedding.id} --item '${chairs.name}=2' --allow-overbook` },
    ]);
    expect(await lines(wedding.id)).toEqual([]);
  });

  test('books the last unit', async () => {
    const answer = await callTool('events_book', { event: String(wedding.id), item: [`${chairs.name}=1`] });
    expect(answer.isError).toBeUndefined();
    expect(answer.structuredContent?.data).toEqual([expect.objectContaining({ eventId: wedding.id, inventoryId: chairs.id, quantity: 1 })]);
    expect(answer.content[1]?.text).toContain(`Booked 1 × ${chairs.name} on ${JSON.stringify(wedding.name)}`);
    expect(await lines(wedding.id)).toEqual([[chairs.id, 1]]);
  });

  test('is refused one more: an error result with the refusal and its ways out, nothing written, check clean', async () => {
    const answer = await callTool('events_book', { event: String(gala.id), item: [`${chairs.name}=1`] });
    expect(answer.isError).toBe(true);
    const { refused, error } = answer.structuredContent as { refused: { message: string; shortages: Array<Record<string, unknown>> }; error: Record<string, unknown> };
    expect(refused.shortages).toEqual([expect.objectContaining({ itemId: chairs.id, asked: 1, owned: 2, free: 0, short: 1, holders: expect.any(Array), windows: expect.any(Array) })]);
    expect(error).toEqual({ exitCode: 1, meaning: 'refused', message: refused.message });
    expect(answer.content[0]?.text).toContain('not enough units');
    // Each way out is a command a person can run: the call as the `rentals …` command it runs.
    const { commands } = refused as unknown as { commands: Array<{ command: string }> };
    expect(commands.length).toBeGreaterThan(0);
    for (const { command } of commands) expect(command).toMatch(/^rentals /);
    expect(commands.at(-1)?.command).toBe(`rentals events book ${gala.id} --item '${chairs.name}=1' --allow-overbook`);
    expect(await lines(gala.id)).toEqual([]);
    const check = await callTool('check', { from: '2029-05-01', to: '2029-05-03' });
    expect(check.isError).toBeUndefined();
    expect(check.structuredContent).toEqual({ data: [], notes: [] });
  });

  test('the booking is in the history as the tool with its arguments; undo takes it back', async () => {
    const history = await callTool('history', { limit: '1' });
    const [entry] = history.structuredContent?.data as Array<{ id: string; command: string }>;
    expect(entry!.command).toBe(`mcp: events_book ${JSON.stringify({ event: String(wedding.id), item: [`${chairs.name}=1`] })}`);
    expect((entry as { at?: string }).at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const undone = await callTool('undo', {});
    expect(undone.isError).toBeUndefined();
    expect(JSON.stringify(undone.content)).toContain(entry!.id);
    expect(await lines(wedding.id)).toEqual([]);
    // Undone already: an error result whose text says when, on the shop's clock and in its zone.
    const again = await callTool('undo', { entry: entry!.id });
    expect(again.isError).toBe(true);
    expect(JSON.stringify(again.content)).toMatch(/was undone already, by entry [0-9a-f]{8} \((Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{4}-\d{2}-\d{2} \d{2}:\d{2} America\/Chicago\)/);
  });

  test('bad arguments: an error result naming the input and the rule (usage), nothing run', async () => {
    const answer = await callTool('events_book', { event: String(gala.id), item: [`${chairs.name}=1`], dryRun: 'yes' });
    expect(answer.structuredContent?.error).toMatchObject({ exitCode: 2, meaning: 'usage', message: expect.stringContaining('dryRun: must be true or false') });
  });

  test('no answer and no line of the log holds the token', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const text of [...answers.map((a) => JSON.stringify(a)), served.log()]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('[redacted]');
    }
  });

  test('check: an inactive item booked comes with its ways out, the commands to type', async () => {
    const stool = await item(3);
    // Booked while active, retired since.
    const picnic = await event('2029-07-01T08:00:00', '2029-07-02T10:00:00');
    await line(picnic.id, stool.id, 2);
    await data(call(), 'PUT', `/v2/inventory/${stool.id}`, { id: stool.id, name: stool.name, quantityAvailable: 3, active: 0 });
    const check = await callTool('check', { from: '2029-07-01', to: '2029-07-03' });
    const [problem] = check.structuredContent?.data as Array<{ code: string; commands: Array<{ kind: string; command: string }> }>;
    expect(problem).toMatchObject({ code: 'inactive-item' });
    expect(problem!.commands.map((c) => [c.kind, c.command])).toEqual([
      ['reactivate', `rentals inventory update ${stool.id} --active`],
      ['unbook', `rentals events unbook ${picnic.id} --item ${stool.id}`],
    ]);
  });
});

describe('rentals mcp --read-only', () => {
  let served: Served;
  beforeAll(async () => {
    // Debug logging asked for in the environment reaches neither the answers nor the log with the token.
    served = await serve(['--read-only'], { RENTALS_DEBUG: '1' });
  });
  afterAll(async () => {
    await served?.client.close();
  });

  test('offers the tools that change nothing, and no tool that writes', async () => {
    const { tools } = await served.client.listTools();
    expect(tools.map((t) => t.name)).toEqual((await assistantTools(registry, { readOnly: true })).map((t) => t.name));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    for (const name of ['events_book', 'events_unbook', 'undo', 'inventory_delete', 'prices_adjust']) expect(tools.map((t) => t.name)).not.toContain(name);
    const read = (await served.client.callTool({ name: 'statuses_list', arguments: {} })) as Answer;
    expect(read.isError).toBeUndefined();
    await expect(served.client.callTool({ name: 'events_book', arguments: { event: '1', item: ['x=1'] } })).rejects.toThrow(/read-only/);
    expect(JSON.stringify(read) + served.log()).not.toContain(TOKEN);
  });
});

test('the MCP SDK loads for `rentals mcp` only: neither --version nor inventory list reads it', async () => {
  const env = { ...cliEnv(fixtures.sandbox()), NODE_DEBUG: 'module' };
  for (const args of [['--version'], ['inventory', 'list']]) {
    const run = await runBin(args, { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('MODULE');
    expect(run.stderr).not.toContain('mcp-sdk');
  }
});
