// With a currency set, every amount shown to a person is in it, one way on every screen: the
// booking lines and the substitution note beside them, a refusal's ways out, `events show`, `check`,
// the agenda and the revenue report. A command to type back keeps its plain `--price`, and machine
// output (-o json) is the same with a currency or without.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSandbox } from '../sandbox/helpers.js';
import { type RunResult, type Runner, cliFor } from './harness.js';

let sandbox: Awaited<ReturnType<typeof openSandbox>>;
let rentals: Runner;
/** The days of the seeded events: the agenda's and the report's range. */
const SEEDED: string[] = [];

beforeAll(async () => {
  sandbox = await openSandbox({ seed: true });
  rentals = cliFor(sandbox);
  const set = await rentals(['config', 'set', 'alternatives', '40x60 Pole Tent=20x40 Frame Tent|20x20 Frame Tent']);
  expect(set.code, set.stderr).toBe(0);
  const event = JSON.parse((await rentals(['events', 'show', '11', '-o', 'json'])).stdout) as { data: Array<{ event: { startDate: string } }> };
  const day = event.data[0]!.event.startDate.slice(0, 10);
  const weeksLater = new Date(Date.parse(`${day}T00:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
  SEEDED.push('--from', day, '--to', weeksLater);
});
afterAll(async () => {
  await sandbox?.close();
});

const USD = { RENTALS_CURRENCY: 'USD' };
const POLE_TENT = ['events', 'book', 'Dubois Vow Renewal', '--item', '40x60 Pole Tent=1'];

/** The screens a person reads, each as one command (the agenda and the report over the seeded days). */
const SCREENS = (): string[][] => [
  POLE_TENT,
  [...POLE_TENT, '--price', '1900'],
  [...POLE_TENT, '--substitute', '--dry-run', '-o', 'table'],
  [...POLE_TENT, '--substitute', '--keep-price', '--dry-run', '-o', 'table'],
  ['events', 'show', '11', '-o', 'table'],
  ['agenda', ...SEEDED, '-o', 'table'],
  ['report', 'revenue', ...SEEDED, '-o', 'table'],
];

/** An amount written plain (`1900.00`, `95.00`) where it is not part of one in the currency (`$1,900.00`). */
const PLAIN_AMOUNT = /(?<![$\d.,])\d+\.\d{2}(?![\d%])/;
const IN_CURRENCY = /\$\d/;

/** The lines of a run's output a person reads as text: every one but a command to type back. */
function readLines(result: RunResult): string[] {
  return `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => !line.trim().startsWith('rentals '));
}

function expectOneWay(args: string[], result: RunResult): void {
  const text = readLines(result);
  expect(text.some((line) => IN_CURRENCY.test(line)), `${args.join(' ')}: no amount in the currency\n${result.stdout}${result.stderr}`).toBe(true);
  expect(
    text.filter((line) => PLAIN_AMOUNT.test(line)),
    `${args.join(' ')}: a plain amount beside formatted ones`,
  ).toEqual([]);
}

describe('a currency set: every amount for people in it', () => {
  test('no screen shows a plain amount beside one in the currency', async () => {
    for (const args of SCREENS()) {
      const result = await rentals(args, { env: USD });
      expect(result.code === 0 || result.code === 1, `${args.join(' ')}: ${result.stderr}`).toBe(true);
      expectOneWay(args, result);
    }
  });

  test('the substitution note says the agreed price in the currency, beside the booking line', async () => {
    const result = await rentals([...POLE_TENT, '--substitute', '--dry-run', '-o', 'table'], { env: USD });
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('at $850.00 (Daily price; not the $1,900.00 agreed for 40x60 Pole Tent: --keep-price books it at $1,900.00)');
  });

  test('a way out that is a command keeps its --price plain: it is typed back', async () => {
    const result = await rentals([...POLE_TENT, '--price', '1900'], { env: USD });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain("rentals events book 23 --item '40x60 Pole Tent=1' --price 1900.00 --substitute --keep-price");
    expect(result.stderr).toContain('at $1,900.00, the price agreed for 40x60 Pole Tent (its own: $850.00)');
  });

  test('without a currency the same screens show plain amounts, as before', async () => {
    for (const args of SCREENS()) {
      const result = await rentals(args);
      expect(`${result.stdout}${result.stderr}`, args.join(' ')).not.toMatch(IN_CURRENCY);
    }
  });

  // Late: it changes a price the screens above read.
  test('check: a quote priced otherwise than the list now says, in the currency', async () => {
    const changed = await rentals(['prices', 'update', '10', '--inventory-id', '4', '--price', '1100']);
    expect(changed.code, changed.stderr).toBe(0);
    const args = ['check', '-o', 'table'];
    const result = await rentals(args, { env: USD });
    expect(result.stderr).toMatch(/quotes "10x10 Pop-up Canopy" at \$95\.00; its price for the event's rental block is now \$1,100\.00/);
    expectOneWay(args, result);
  });

  // After the check above: its note is there to compare.
  test('machine output is the same with a currency or without', async () => {
    for (const args of [
      ['events', 'show', '11', '-o', 'json'],
      ['agenda', ...SEEDED, '-o', 'json'],
      ['report', 'revenue', ...SEEDED, '-o', 'json'],
      ['events', 'show', '11', '-o', 'tsv'],
      [...POLE_TENT, '--substitute', '--dry-run', '-o', 'json'],
      // With the note of a quote priced otherwise than the list (the case above): its message too.
      ['check', '-o', 'json'],
    ]) {
      const [plain, usd] = [await rentals(args), await rentals(args, { env: USD })];
      expect(usd.code, usd.stderr).toBe(plain.code);
      expect(usd.stdout, args.join(' ')).toBe(plain.stdout);
    }
    // A refusal: its ways out plain too (its message is the text said on stderr, for people).
    const refused = async (env: Record<string, string>) => JSON.parse((await rentals([...POLE_TENT, '--price', '1900', '-o', 'json'], { env })).stdout).refused.commands as Array<{ kind: string; what: string }>;
    const [plainWays, usdWays] = [await refused({}), await refused(USD)];
    expect(usdWays).toEqual(plainWays);
    expect(plainWays.find((way) => way.kind === 'substitute-keep-price')?.what).toContain('at 1900.00, the price agreed for 40x60 Pole Tent (its own: 850.00)');
    const { notes } = JSON.parse((await rentals(['check', '-o', 'json'], { env: USD })).stdout) as { notes: Array<{ message: string; price: number }> };
    expect(notes.find((note) => note.price === 95)?.message).toMatch(/ at 95\.00; .* now 1100\.00: /);
  });
});
