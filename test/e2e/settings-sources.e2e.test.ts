// Every setting of the settings table, through every way the table gives it (its flag, each of its
// environment variables, its config key), is either honoured or refused with a word, never
// ignored: generated from the table, so a new setting is covered (and must bring a sample here).
// Honoured: `auth status -o json` lists it with the value given and where it came from.
// Refused: a flag is exit 2 naming it; `config set` is exit 2; a value in the environment or the
// profile is listed as not used, naming the rule (and commands warn when they read it).

import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SETTINGS, type SettingDef, type SettingName } from '../../src/config/settings-table.js';
import { type RunResult, freshConfigDir, runRentals } from './harness.js';

interface Sample {
  /** A value the rule accepts. */
  good: string;
  /** One it refuses (none when the setting takes any text). */
  bad?: string;
  /** How status shows the good value, when not as given. */
  shown?: string;
}

const SAMPLES: Record<SettingName, Sample> = {
  profile: { good: 'work', bad: 'bad name!' },
  baseUrl: { good: 'https://api.example.test', bad: 'ftp://api.example.test' },
  webUrl: { good: 'https://app.example.test', bad: 'app.example.test' },
  token: { good: 'sample-token-0123456789abcdef', shown: '****cdef' },
  output: { good: 'csv', bad: 'xml' },
  timezone: { good: 'Europe/Berlin', bad: 'Mars/Olympus_Mons' },
  holds: { good: 'Quoted=none', bad: 'Quoted=maybe' },
  alternatives: { good: 'Tent=Canopy', bad: 'Tent' },
  turnaround: { good: '4h', bad: '4 hours' },
  turnaroundItems: { good: 'Tent=1d', bad: 'Tent=soon' },
  turnaroundCategories: { good: 'Tents=1d; Linens=4h', bad: 'Tents' },
  timeout: { good: '12', bad: '0' },
  retries: { good: '2', bad: '50' },
  configDir: { good: '(the test directory)' },
  color: { good: '1' },
  sandboxToken: { good: 'sandbox-token-0123456789abcdef', shown: '****cdef' },
  allowInsecureTokenFile: { good: 'yes', bad: 'maybe' },
  companyName: { good: 'Acme Rentals', bad: 'x'.repeat(2001) },
  companyAddress: { good: '1 Main St', bad: ' ' },
  companyContact: { good: 'hello@acme.test', bad: 'y'.repeat(2001) },
  logo: { good: 'logo.png', bad: 'logo.txt' },
  currency: { good: 'EUR', bad: 'EURO' },
  quoteValidDays: { good: '14', bad: '0' },
  quoteTerms: { good: 'Net 30', bad: 'z'.repeat(2001) },
  quotePrefix: { good: 'HT-Q', bad: 'Q 1' },
  orderPrefix: { good: 'HT-O', bad: 'O/'.repeat(11) },
  paper: { good: 'Letter', bad: 'A5' },
};

/** `--base-url` of `--base-url <url>`, `--output` of `-o, --output <format>`. */
function longFlag(def: SettingDef): string {
  return /--[\w-]+/.exec(def.flag!.usage)![0];
}

/** The key auth status -o json gives a row: its label in camel case. */
function key(def: SettingDef): string {
  return def.label.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
}

/** A config directory with the profiles `default` and `work` (the profile setting names one that exists). */
function configDir(profile: Record<string, unknown> = {}): string {
  const dir = freshConfigDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile, work: {} } }), { mode: 0o600 });
  return dir;
}

async function status(dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ result: RunResult; rows: Record<string, { value: string; from: string }> }> {
  const result = await runRentals(['auth', 'status', '-o', 'json', ...args], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir, ...env } });
  const rows = result.stdout.trim().startsWith('{') ? (JSON.parse(result.stdout) as { data: Array<Record<string, { value: string; from: string }>> }).data[0]! : {};
  return { result, rows };
}

/** The value a good sample is shown as through `channel`. */
function shownAs(def: SettingDef, sample: Sample, channel: string, dir: string): string {
  if (def.name === 'color') return channel === 'FORCE_COLOR' ? 'on' : 'off';
  if (def.name === 'configDir') return dir;
  if (def.name === 'allowInsecureTokenFile' && channel.startsWith('--')) return 'true';
  return sample.shown ?? sample.good;
}

const withFlag = SETTINGS.filter((def) => def.flag);
const byEnv = SETTINGS.flatMap((def) => def.env.map((variable) => [def, variable] as const));
const byConfig = SETTINGS.filter((def) => def.configKey);

describe('every setting, every way it is given: honoured or refused with a word (from the settings table)', () => {
  test('every setting of the table has a sample here', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(SETTINGS.map((def) => def.name).sort());
  });

  test.each(withFlag.map((def) => [longFlag(def), def] as const))('flag %s', async (flag, def) => {
    const sample = SAMPLES[def.name];
    const dir = configDir();
    const switchOnly = !def.flag!.usage.includes('<');
    let args = switchOnly ? [flag] : [flag, sample.good];
    if (def.name === 'token') {
      const file = join(dir, 'token.txt');
      writeFileSync(file, `${sample.good}\n`, { mode: 0o600 });
      args = [flag, file];
    }
    if (def.name === 'output') {
      // -o is the format of this very run: honoured when status prints in it.
      const result = await runRentals(['auth', 'status', flag, 'json'], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir } });
      expect(() => JSON.parse(result.stdout) as unknown, result.stdout).not.toThrow();
    } else {
      const { result, rows } = await status(dir, args);
      expect(result.stderr).not.toMatch(/warning/);
      const row = rows[key(def)];
      expect(row, `${flag}: not listed by auth status: ${result.stdout}${result.stderr}`).toBeDefined();
      expect(row!.value).toBe(shownAs(def, sample, flag, dir));
      expect(row!.from.startsWith(flag), row!.from).toBe(true);
    }
    if (sample.bad !== undefined && !switchOnly) {
      // Refused whether or not the command reads the setting (inventory list reads no clock, no page).
      for (const command of [['auth', 'status'], ['inventory', 'list']]) {
        const refused = await runRentals([...command, flag, sample.bad], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir } });
        expect(refused.code, `${command.join(' ')} ${flag} ${sample.bad}: ${refused.stderr}`).toBe(2);
        expect(refused.stderr).toContain(flag);
      }
    }
  });

  test.each(byEnv.map(([def, variable]) => [variable, def] as const))('environment %s', async (variable, def) => {
    const sample = SAMPLES[def.name];
    const dir = configDir();
    const value = def.name === 'configDir' ? dir : sample.good;
    const { result, rows } = await status(dir, [], { [variable]: value });
    const row = rows[key(def)];
    expect(row, `${variable}: not listed by auth status: ${result.stdout}${result.stderr}`).toBeDefined();
    expect(row!.value).toBe(shownAs(def, sample, variable, dir));
    expect(row!.from).toBe(variable);
    if (sample.bad === undefined) return;
    const { result: refused, rows: refusedRows } = await status(dir, [], { [variable]: sample.bad });
    if (refused.code === 2) expect(refused.stderr).toContain(`${variable}: `);
    else {
      expect(refusedRows[key(def)]?.value, `${variable}=${sample.bad} is not said to be refused`).toMatch(/^\(not used: .* must be /);
      expect(refusedRows[key(def)]?.from).toBe(variable);
    }
  });

  test.each(byConfig.map((def) => [def.configKey!, def] as const))('config key %s', async (configKey, def) => {
    const sample = SAMPLES[def.name];
    const dir = configDir();
    const env = { RENTALS_CONFIG_DIR: dir, HOME: dir };
    const set = await runRentals(['config', 'set', configKey, sample.good], { env });
    expect(set.code, set.stderr).toBe(0);
    const { rows } = await status(dir);
    expect(rows[key(def)]).toEqual({ value: shownAs(def, sample, configKey, dir), from: 'profile "default"' });
    if (sample.bad === undefined) return;
    const refused = await runRentals(['config', 'set', configKey, sample.bad], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${configKey} must be`);
    // A profile written by hand (or by an older version) with a value its rule refuses: said, not ignored.
    const handWritten = configDir({ [def.profileField!]: sample.bad });
    const { result, rows: handRows } = await status(handWritten);
    if (result.code === 2) expect(result.stderr).toContain('profile "default"');
    else expect(handRows[key(def)]).toEqual({ value: expect.stringMatching(/^\(not used: .* must be /), from: 'profile "default"' });
  });
});

describe('a file a setting names is bounded', () => {
  test('--token-file: a symlink to /dev/zero is refused after a bounded read, a directory without reading', async () => {
    const dir = configDir();
    const link = join(dir, 'zero-token');
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/dev/zero', link);
    const zero = await runRentals(['auth', 'status', '--token-file', link], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir, RENTALS_ALLOW_INSECURE_TOKEN_FILE: '1' } });
    expect([zero.code, zero.stderr]).toEqual([2, `error: --token-file ${link}: holds more than 65536 bytes; at most that many are read\n`]);
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    chmodSync(folder, 0o700);
    const directory = await runRentals(['auth', 'status', '--token-file', folder], { env: { RENTALS_CONFIG_DIR: dir, HOME: dir } });
    expect([directory.code, directory.stderr]).toEqual([2, `error: --token-file ${folder}: is a directory, not a file\n`]);
  });
});
