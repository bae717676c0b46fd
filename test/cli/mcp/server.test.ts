// `rentals mcp`'s server in this process, driven by the SDK's own client through pipes, with main()
// stood in for: what each call runs, how each exit becomes a tool's answer, that calls run one at a
// time, and that no secret leaves the server. (test/e2e/mcp.e2e.test.ts runs the real commands.)

import { beforeAll, describe, expect, test } from 'vitest';
import type { Context } from '../../../src/cli/context.js';
import { registry } from '../../../src/cli/catalog.js';
import { type ServeOptions, serve } from '../../../src/cli/commands/mcp/server.js';
import { type Tool, assistantTools } from '../../../src/cli/commands/mcp/tools.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { pipedClient } from '../../helpers/mcp-client.js';

type Main = (argv: string[], ctx: Context) => Promise<number>;

let tools: Tool[];
beforeAll(async () => {
  tools = await assistantTools(registry);
});

/** A server whose calls run `main`; its client, the server's log and a way to stop it. */
async function started(main: Main, options: Partial<ServeOptions> = {}) {
  const pipes = pipedClient();
  const fake = fakeContext();
  const ctx: Context = { ...fake.ctx, term: { ...fake.ctx.term, stdin: pipes.stdin, stdout: pipes.stdout }, main };
  const served = serve(ctx, { tools, readOnly: false, settingFlags: [], secrets: [], timeZone: 'UTC', ...options });
  const client = await pipes.connect();
  return {
    client,
    log: fake.stderr,
    stop: async () => {
      await client.close();
      await served;
    },
  };
}

/** A main() that prints `stdout` and `stderr` and exits with `code`, noting each command line and history label. */
function printing(stdout: string, stderr = '', code = 0) {
  const calls: Array<{ argv: string[]; commandLine?: string }> = [];
  const main: Main = async (argv, ctx) => {
    calls.push({ argv, commandLine: ctx.commandLine });
    ctx.term.stdout.write(stdout);
    ctx.term.stderr.write(stderr);
    return code;
  };
  return { main, calls };
}

const ENVELOPE = { data: [{ id: 7, eventId: 12, inventoryId: 3, quantity: 2 }] };

describe('rentals mcp: the server', () => {
  test('tools/list answers with the tools generated from the registry, their schemas and annotations', async () => {
    const server = await started(printing('').main);
    const { tools: listed } = await server.client.listTools();
    expect(listed.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    const book = listed.find((t) => t.name === 'events_book')!;
    expect(book.inputSchema).toEqual(tools.find((t) => t.name === 'events_book')!.inputSchema);
    expect(book.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    await server.stop();
  });

  test("dates are said to be the shop's wall-clock time in its zone: in the instructions, and where a description points to `rentals help dates`, which no tool is", async () => {
    const server = await started(printing('').main, { timeZone: 'America/Chicago' });
    expect(server.client.getInstructions()).toMatch(/Dates and times carry no time zone: .*the shop's wall-clock time in America\/Chicago\..*UTC offset or `Z` is refused/);
    const { tools: listed } = await server.client.listTools();
    const move = listed.find((t) => t.name === 'events_move')!;
    expect(move.description).toContain(`+3d (the shop's wall-clock time in America/Chicago, no UTC offset)`);
    expect(listed.map((t) => t.description).join('\n')).not.toContain('rentals help dates');
    await server.stop();
  });

  test("a call runs the tool's command line through main(): -o json, the server's settings, the words, options and arguments; the history gets the tool and its arguments", async () => {
    const { main, calls } = printing(JSON.stringify(ENVELOPE));
    const server = await started(main, { settingFlags: ['--profile=shop'] });
    const args = { event: '-12', item: ['Tent=2', 'Chair'], quantity: 4, dryRun: true };
    await server.client.callTool({ name: 'events_book', arguments: args });
    expect(calls).toEqual([
      {
        argv: ['-o', 'json', '--no-color', '--profile=shop', 'events', 'book', '--item=Tent=2', '--item=Chair', '--quantity=4', '--dry-run', '--', '-12'],
        commandLine: `mcp: events_book ${JSON.stringify(args)}`,
      },
    ]);
    await server.stop();
  });

  test('success: the JSON envelope as text and as structured content, and what the command said on stderr as a second text', async () => {
    const server = await started(printing(`${JSON.stringify(ENVELOPE, null, 2)}\n`, 'Booked 2 × "Tent" on event 12.\n').main);
    const result = await server.client.callTool({ name: 'events_book', arguments: { event: '12', item: ['Tent=2'] } });
    expect(result).toEqual({
      content: [
        { type: 'text', text: JSON.stringify(ENVELOPE, null, 2) },
        { type: 'text', text: 'Booked 2 × "Tent" on event 12.' },
      ],
      structuredContent: ENVELOPE,
    });
    expect(server.log()).toContain('rentals mcp: events_book: exit 0');
    await server.stop();
  });

  test('a refusal is an error result: the message first, the refused object with its ways out as text and structured content', async () => {
    const refused = { message: 'not enough units for event 12', event: { id: 12 }, shortages: [{ itemId: 3, short: 1, substitutes: [], windows: [{ from: '2029-05-03T08:00:00', to: '2029-05-04T08:00:00' }], holders: [] }] };
    const envelope = { data: [], refused };
    const server = await started(printing(JSON.stringify(envelope), 'error: not enough units for event 12\n', 1).main);
    const result = await server.client.callTool({ name: 'events_book', arguments: { event: '12', item: ['Tent=1'] } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: 'error: not enough units for event 12' },
      { type: 'text', text: JSON.stringify(envelope) },
    ]);
    expect(result.structuredContent).toEqual({ ...envelope, error: { exitCode: 1, meaning: 'refused', message: refused.message } });
    expect(server.log()).toContain('rentals mcp: events_book: exit 1 (refused)');
    await server.stop();
  });

  test.each([
    [2, 'usage'],
    [3, 'auth'],
    [4, 'notFound'],
    [5, 'network'],
    [6, 'partial'],
  ])('exit %i is an error result meaning %s, with the message the command gave', async (code, meaning) => {
    const server = await started(printing('', 'error: not found: event: no event is named "Gala"\nNothing was sent.\n', code).main);
    const result = await server.client.callTool({ name: 'events_show', arguments: { event: 'Gala' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: { exitCode: code, meaning, message: 'not found: event: no event is named "Gala"\nNothing was sent.' } });
    await server.stop();
  });

  test('arguments that break the schema: an error result naming each input and its rule (exit 2, usage), and nothing run', async () => {
    const { main, calls } = printing('{}');
    const server = await started(main);
    const result = await server.client.callTool({ name: 'events_book', arguments: { item: 'Tent=1', dryRun: 'yes', colour: 'red' } });
    expect(result.isError).toBe(true);
    const error = (result.structuredContent as { error: { exitCode: number; meaning: string; message: string } }).error;
    expect(error).toMatchObject({ exitCode: 2, meaning: 'usage' });
    expect(error.message).toContain('colour: is no input of events_book');
    expect(error.message).toContain('event: is required');
    expect(error.message).toContain('dryRun: must be true or false (got "yes")');
    expect(error.message).toContain('Nothing was run.');
    const deleted = await server.client.callTool({ name: 'inventory_delete', arguments: { id: '3' } });
    expect((deleted.structuredContent as { error: { message: string } }).error.message).toContain('yes: must be true: says that you mean to delete');
    expect(calls).toEqual([]);
    await server.stop();
  });

  test("what a command says names the tool's inputs where it names their flags: the command lines and values it quotes, and other flags, as they are", async () => {
    const said = [
      'error: --inventory-id "Tent": how many? write NAME=QTY or add --quantity <n>; --qty: is required (also --quantity)',
      'No event is named "--dry-run"; --report is no option of a tool.',
      'Write anyway with --allow-overbook, or type `rentals events book 12 --item Tent=1 --allow-overbook`:',
      "  rentals events book 12 --item 'Tent=1' --dry-run",
      "unknown item 'Tent --allow-overbook' at http://x/--allow-overbook (path /srv/--allow-overbook, field=--allow-overbook); it's --allow-overbook that isn't",
    ];
    const server = await started(printing('', `${said.join('\n')}\n`, 2).main);
    const result = await server.client.callTool({ name: 'events_book', arguments: { event: '12', item: ['Tent'] } });
    const inWords = [
      'item "Tent": how many? write NAME=QTY or add quantity; quantity: is required',
      'No event is named "--dry-run"; --report is no option of a tool.',
      'Write anyway with allowOverbook: true, or type `rentals events book 12 --item Tent=1 --allow-overbook`:',
      "  rentals events book 12 --item 'Tent=1' --dry-run",
      "unknown item 'Tent --allow-overbook' at http://x/--allow-overbook (path /srv/--allow-overbook, field=--allow-overbook); it's allowOverbook: true that isn't",
    ];
    expect(result.content).toEqual([{ type: 'text', text: `error: ${inWords.join('\n')}` }]);
    expect((result.structuredContent as { error: { message: string } }).error.message).toBe(inWords.join('\n'));
    await server.stop();

    const inverse = await started(printing('', 'error: --inactive and --active disagree\n', 2).main);
    expect((await inverse.client.callTool({ name: 'inventory_update', arguments: { id: '3' } })).content).toEqual([{ type: 'text', text: 'error: active: false and active disagree' }]);
    await inverse.stop();

    const envelope = { data: [], refused: { message: 'not enough units for event 12. Write anyway with --allow-overbook.', commands: [{ command: 'rentals events book 12 --item Tent=1 --allow-overbook' }] } };
    const refusal = await started(printing(JSON.stringify(envelope), `error: ${envelope.refused.message}\n`, 1).main);
    const refused = await refusal.client.callTool({ name: 'events_book', arguments: { event: '12', item: ['Tent=1'] } });
    expect(refused.structuredContent).toEqual({ ...envelope, error: { exitCode: 1, meaning: 'refused', message: 'not enough units for event 12. Write anyway with allowOverbook: true.' } });
    expect(refused.content).toEqual([
      { type: 'text', text: 'error: not enough units for event 12. Write anyway with allowOverbook: true.' },
      { type: 'text', text: JSON.stringify(envelope) },
    ]);
    await refusal.stop();
  });

  test('no secret leaves the server: a secret a command printed is redacted from the answer, its structured content and the log', async () => {
    const secret = 'tok-0123456789-secret';
    const server = await started(printing(JSON.stringify({ data: [{ note: `token ${secret}` }] }), `said ${secret}\n`).main, { secrets: [secret] });
    const result = await server.client.callTool({ name: 'config_list', arguments: {} });
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(result.structuredContent).toEqual({ data: [{ note: 'token [redacted]' }] });
    await server.stop();
    expect(server.log()).not.toContain(secret);
  });

  test('calls run one at a time, in the order they came', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const main: Main = async (argv, ctx) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(argv.at(-1)!);
      ctx.term.stdout.write('{"data":[]}');
      running--;
      return 0;
    };
    const server = await started(main);
    await Promise.all(['1', '2', '3'].map((event) => server.client.callTool({ name: 'events_show', arguments: { event } })));
    expect(most).toBe(1);
    expect(order).toEqual(['1', '2', '3']);
    await server.stop();
  });

  test('a tool the server does not offer is a protocol error; a read-only server says it offers no write', async () => {
    const readOnly = tools.filter((tool) => tool.annotations.readOnlyHint);
    const server = await started(printing('{}').main, { tools: readOnly, readOnly: true });
    await expect(server.client.callTool({ name: 'events_book', arguments: { event: '1', item: ['Tent=1'] } })).rejects.toThrow(/no tool is named "events_book" \(this server is read-only: it offers no tool that writes\)/);
    await server.stop();
  });

  test('a script that pipes its requests and ends stdin gets every answer before the server stops', async () => {
    const pipes = pipedClient();
    const fake = fakeContext();
    const { main } = printing(JSON.stringify(ENVELOPE));
    const served = serve({ ...fake.ctx, term: { ...fake.ctx.term, stdin: pipes.stdin, stdout: pipes.stdout }, main }, { tools, readOnly: false, settingFlags: [], secrets: [], timeZone: 'UTC' });
    let out = '';
    pipes.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'events_show', arguments: { event: '12' } } },
    ];
    pipes.stdin.end(`${requests.map((r) => JSON.stringify(r)).join('\n')}\n`);
    await served;
    const answers = out.trim().split('\n').map((line) => JSON.parse(line) as { id: number; result: { structuredContent?: unknown } });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result.structuredContent).toEqual(ENVELOPE);
  });

  test('a line that is no message is logged as a protocol error, and the server goes on answering', async () => {
    const pipes = pipedClient();
    const fake = fakeContext();
    const served = serve({ ...fake.ctx, term: { ...fake.ctx.term, stdin: pipes.stdin, stdout: pipes.stdout }, main: printing('{}').main }, { tools, readOnly: false, settingFlags: [], secrets: [], timeZone: 'UTC' });
    let out = '';
    pipes.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    pipes.stdin.end(`not json\n${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    await served;
    expect(fake.stderr()).toMatch(/rentals mcp: protocol error: .+/);
    expect(JSON.parse(out.trim())).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  test('the server stops when its stdin ends, once the call in flight (a write, maybe) has run to its end', async () => {
    let finish: () => void = () => undefined;
    const main: Main = async (_argv, ctx) => {
      await new Promise<void>((resolve) => (finish = resolve));
      ctx.term.stdout.write('{"data":[]}');
      return 0;
    };
    const server = await started(main);
    // The client stops waiting when it closes; the server finishes the call all the same.
    const answered = server.client.callTool({ name: 'events_show', arguments: { event: '1' } }).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    let stopped = false;
    const stopping = server.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await answered;
  });
});
