// rentals help <command|topic>, aliases in help, "did you mean" for flags, unknown profiles,
// and the settings table as the one source of the Environment help and the manual's table.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { SETTINGS, settingsMarkdown } from '../../src/config/settings-table.js';
import { writeConfig } from '../../src/config/store.js';
import { OUTPUT_FORMATS } from '../../src/output/format.js';
import { fakeContext, runCli } from '../helpers/fake-context.js';

const HOME = { home: '/nonexistent' };

describe('rentals help', () => {
  test.each([
    [['help', 'events'], 'Usage: rentals events|event [options] [command]'],
    [['help', 'events', 'list'], 'Usage: rentals events list|ls [options]'],
    [['help', 'blocks', 'get'], 'Usage: rentals rental-blocks get|show|view [options] <id>'],
    [['help', 'auth', 'login'], 'Usage: rentals auth login [options]'],
    [['help', 'api'], 'Usage: rentals api [options] <method> <path>'],
    [['help'], 'Usage: rentals [options] [command]'],
  ])('%j prints that help on stdout and exits 0', async (argv, usage) => {
    const result = await runCli(argv, HOME);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.startsWith(`${usage}\n`)).toBe(true);
  });

  test.each(HELP_TOPICS.map((t) => [t.name] as const))('rentals help %s prints the topic and exits 0', async (name) => {
    const result = await runCli(['help', name], HOME);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.length).toBeGreaterThan(80);
    expect(result.stdout).not.toContain('Usage:');
  });

  test('the topics say what they are about', async () => {
    expect((await runCli(['help', 'exit-codes'], HOME)).stdout).toContain('6  partial failure of a bulk operation');
    expect((await runCli(['help', 'formats'], HOME)).stdout).toMatch(/ndjson +one JSON object per line/);
    const bulk = (await runCli(['help', 'bulk'], HOME)).stdout;
    expect(bulk).toContain('prices     id, or inventoryId and rentalBlockId (or inventoryName and pricingType)');
    expect(bulk).toContain('inventory  id, or name');
  });

  test('an unknown command or topic is a usage error naming the topics', async () => {
    const result = await runCli(['help', 'nosuch'], HOME);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: no command or help topic "nosuch" (topics: options, exit-codes, environment, formats, bulk, dates, holds; commands: rentals --help)\n');
    expect((await runCli(['help', 'events', 'nosuch'], HOME)).code).toBe(2);
  });

  test('rentals --help lists the topics', async () => {
    const { stdout } = await runCli(['--help'], HOME);
    for (const topic of HELP_TOPICS) expect(stdout).toContain(`rentals help ${topic.name}`);
    expect(stdout).toMatch(/rentals help formats +output formats \(-o\), --fields, --jq, --out\n/);
  });
});

describe('the environment help comes from the settings table', () => {
  test('rentals help environment lists every variable of the table', async () => {
    const variables = SETTINGS.flatMap((s) => s.env);
    expect(variables).toEqual(expect.arrayContaining(['RENTALS_TIMEOUT', 'RENTALS_RETRIES', 'RENTALS_SANDBOX_TOKEN', 'RENTALS_CONFIG_DIR', 'NO_COLOR']));
    const topic = (await runCli(['help', 'environment'], HOME)).stdout;
    for (const name of variables) expect(topic).toMatch(new RegExp(`\\n  (\\S+, )*${name}\\b`));
  });

  test('every global flag of the table is a flag of rentals, listed by rentals help options', async () => {
    const options = (await runCli(['help', 'options'], HOME)).stdout;
    for (const def of SETTINGS) if (def.flag) expect(options).toContain(`  ${def.flag.usage}  `);
  });

  test("the manual's settings table is the settings table", () => {
    const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const table = settingsMarkdown();
    expect(page.includes(`${table}\n`), `docs/configuration.md's settings table differs from src/config/settings-table.ts; paste:\n${table}`).toBe(true);
  });

  test('the output choices of the table are the output formats', () => {
    expect(SETTINGS.find((s) => s.name === 'output')?.choices).toEqual(OUTPUT_FORMATS);
  });
});

describe('aliases show in the help they belong to', () => {
  test('verb aliases in the group help, short flag aliases in the command help', async () => {
    expect((await runCli(['inventory', 'delete', '--help'], HOME)).stdout).toMatch(/^Usage: rentals inventory delete\|rm\|remove \[options\] <id>\n/);
    const group = (await runCli(['inventory', '--help'], HOME)).stdout;
    expect(group).toContain('delete|rm|remove <id>');
    expect(group).toContain('get|show|view <id>');
    // An alias on the line of the flag it stands for.
    const add = (await runCli(['bookings', 'add', '--help'], HOME)).stdout;
    const lineOf = (help: string, flag: string) => help.replace(/\n {3,}/g, ' ').split('\n').find((line) => line.startsWith(`  --${flag} <`)) ?? '';
    for (const [alias, flag] of [['event', 'event-id'], ['item', 'inventory-id'], ['qty', 'quantity']] as const) expect(lineOf(add, flag)).toMatch(new RegExp(`\\(also --${alias}\\)$`));
    const events = (await runCli(['events', 'add', '--help'], HOME)).stdout;
    for (const [alias, flag] of [['status', 'event-status-id'], ['block', 'rental-block-id'], ['start', 'start-date'], ['end', 'end-date'], ['name', 'event-name']] as const) {
      expect(lineOf(events, flag)).toMatch(new RegExp(`\\(also --${alias}\\)$`));
    }
  });

  test('the root help shows group aliases', async () => {
    const root = (await runCli(['--help'], HOME)).stdout;
    expect(root).toContain('rental-blocks|blocks');
    expect(root).toContain('inventory|items');
  });
});

describe('did you mean', () => {
  test('a flag that starts a real one suggests it', async () => {
    const result = await runCli(['inventory', 'add', '--quantity', '3'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option '--quantity'\n(Did you mean --quantity-available?)\n(run with --help for usage)\n");
  });

  test('a close spelling still gets commander\'s suggestion', async () => {
    const result = await runCli(['inventory', 'add', '--quantity-availble', '3'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(Did you mean --quantity-available?)');
  });

  test('several flags that start the same way are all suggested', async () => {
    const result = await runCli(['events', 'add', '--customer-address', 'x'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(Did you mean --customer-address1 or --customer-address2?)');
  });

  test('a mistyped required flag is named as mistyped, not as missing', async () => {
    const result = await runCli(['events', 'book', '1', '--itme', 'Tent', '--quantity', '1'], HOME);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown option '--itme'\n(Did you mean --item?)\n(run with --help for usage)\n");
    const missing = await runCli(['events', 'book', '1', '--quantity', '1'], HOME);
    expect(missing.stderr).toMatch(/^error: required option '--item <name\|id\[=qty\]>' not specified/);
  });

  test('a global flag given after the command is found too', async () => {
    const result = await runCli(['events', 'list', '--timeo', '5'], HOME);
    expect(result.stderr).toContain('(Did you mean --timeout?)');
  });
});

describe('an unknown profile is flagged', () => {
  test('--profile naming no profile of the config file is an error (exit 2) listing the known ones', async () => {
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: { work: { baseUrl: 'http://work.test' }, ci: {} } });
    const result = await runCli(['config', 'get', 'base-url', '--profile', 'wrok'], fake);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --profile: no profile "wrok" in the config file (profiles: work, ci); create it with rentals auth login --profile wrok --base-url <url>\n');
    const env = await runCli(['config', 'list'], { home: fake.home, env: { RENTALS_PROFILE: 'staging' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('error: RENTALS_PROFILE: no profile "staging" in the config file (profiles: work, ci)');
  });

  test('even with RENTALS_TOKEN and RENTALS_BASE_URL set, a mistyped --profile is exit 2 and nothing is sent', async () => {
    const fake = fakeContext({ env: { RENTALS_TOKEN: 'tok-0123456789abcdef', RENTALS_BASE_URL: 'http://127.0.0.1:9' } });
    await writeConfig(fake.configDir, { profiles: { work: {} } });
    const result = await runCli(['inventory', 'list', '--profile', 'wrok'], fake);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no profile "wrok"');
    const none = await runCli(['inventory', 'list', '--profile', 'typo'], { env: { RENTALS_TOKEN: 'tok-0123456789abcdef', RENTALS_BASE_URL: 'http://127.0.0.1:9' } });
    expect(none.code).toBe(2);
  });

  test('no warning for an existing profile, or for the commands that create one', async () => {
    const fake = fakeContext();
    await writeConfig(fake.configDir, { profiles: { work: {} } });
    expect((await runCli(['config', 'get', 'base-url', '--profile', 'work'], fake)).stderr).toBe('');
    const set = await runCli(['config', 'set', 'output', 'json', '--profile', 'new'], fake);
    expect(set.code).toBe(0);
    expect(set.stderr).not.toContain('warning');
  });

  test('with no profiles at all, a command that needs one says the named profile does not exist', async () => {
    const result = await runCli(['statuses', 'list', '--profile', 'staging']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --profile: no profile "staging" in the config file \(it holds none yet\)/);
  });
});
