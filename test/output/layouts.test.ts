// Layouts for people at a terminal of a given width: nothing a person came for is cut.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GridView, GroupedView, RecordListView } from '../../src/output/views.js';
import { textWidth } from '../../src/output/width.js';
import { hangingLines, wrapPeopleLines, wrapText } from '../../src/output/wrap.js';
import { VISIBLE_CONTROL, visibleControl } from '../../src/common/sanitize.js';
import { render } from './helpers.js';

const WIDTHS = [60, 80, 120];

function lines(out: string): string[] {
  return out.trimEnd().split('\n');
}

describe('wrapText', () => {
  test('breaks at spaces, splits only a word wider than the line, never loses a character', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('帐篷帐篷帐', 4)).toEqual(['帐篷', '帐篷', '帐']);
    expect(wrapText('', 10)).toEqual(['']);
  });

  test('a figure is never split: a change with its sign, decimals and percent stays whole on a line', () => {
    const change = '675.00 → 742.50 (+10.0%)';
    const line = `line 14  update  Northwestern University Alumni Association / Weekend  ${change}`;
    for (let width = change.length; width <= line.length; width++) {
      const shown = wrapText(line, width);
      expect(shown.some((l) => l.includes(change)), `at ${width}: ${JSON.stringify(shown)}`).toBe(true);
      for (const l of shown) expect(textWidth(l)).toBeLessThanOrEqual(width);
    }
    // Two changes of one row: each whole, the comma with the first.
    expect(wrapText('price 10.00 → 11.00 (+10.0%), quantity 2 → 3', 30)).toEqual(['price 10.00 → 11.00 (+10.0%),', 'quantity 2 → 3']);
    // −5% and a currency sign are part of their figure; a word that is no figure is not held to it.
    expect(wrapText('€1,234.50 → €1,172.78 (−5.0%) after', 30)).toEqual(['€1,234.50 → €1,172.78 (−5.0%)', 'after']);
    // A quantity stays with the word it counts.
    expect(wrapText('2 × 10x10 Pop-up Canopy, 40 × White Folding Chair', 26)).toEqual(['2 × 10x10 Pop-up Canopy,', '40 × White Folding Chair']);
    expect(wrapText('Table, 40 × White Folding Chair', 12)).toEqual(['Table,', '40 × White', 'Folding', 'Chair']);
    // Wider than the whole line, a change breaks at its own spaces first, never inside a figure.
    expect(wrapText(change, 16)).toEqual(['675.00 → 742.50', '(+10.0%)']);
  });

  test('a name split to fit breaks between its visible escapes, never inside one (`\\x1b` is not cut into `\\x` and `1b`)', () => {
    // What an event named with an escape sequence, a tab and a bidi override shows, in a column too narrow for it.
    const name = String.raw`Party\t\x1b[31mRED\x1b[0m \u202eevil.exe`;
    expect(wrapText(name, 20)).toEqual([String.raw`Party\t\x1b[31mRED`, String.raw`\x1b[0m`, String.raw`\u202eevil.exe`]);
    const escapes = (text: string) => text.match(/\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|t)/g) ?? [];
    for (let width = 6; width <= name.length; width++) {
      const shown = wrapText(name, width);
      for (const l of shown) expect(textWidth(l)).toBeLessThanOrEqual(width);
      expect(shown.flatMap(escapes), `at ${width}: ${JSON.stringify(shown)}`).toEqual(escapes(name));
    }
    // An escape wider than the whole line is still split rather than let past the edge.
    expect(wrapText(String.raw`\u202e`, 4)).toEqual([String.raw`\u20`, '2e']);
  });

  test('every escape a control character is shown as is one such unit, however the control is written (`\\t`, `\\x1b`, `\\u009b`, `\\u202e`)', () => {
    const whole = new RegExp(`^${VISIBLE_CONTROL.source}$`);
    const controls = ['\t', '\n', '\r', '\u0000', '\u001b', '\u007f', '\u009b', '\u061c', '\u202e', '\u2028', '\u2069'];
    for (const char of controls) expect(visibleControl(char), JSON.stringify(char)).toMatch(whole);
    for (const char of controls) expect(wrapText(`ab${visibleControl(char)}cd`, 6).some((l) => l.includes(visibleControl(char))), JSON.stringify(char)).toBe(true);
  });

  test('any text at any width: no line wider than the terminal, every character kept, in order', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ' ', '帐', '🎪', 'é', '-', '\u00a0'), maxLength: 120 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 130 }), (body, leadWidth, width) => {
        const lead = 'x'.repeat(leadWidth);
        const shown = hangingLines(lead, leadWidth + 2, body, width);
        for (const line of shown) expect(textWidth(line)).toBeLessThanOrEqual(Math.max(width, leadWidth, 2));
        expect(shown.join('').replace(/\s/g, '')).toBe(`${lead}${body}`.replace(/\s/g, ''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('lines for people on stderr (wrapPeopleLines)', () => {
  test('a message is wrapped between words; a command to copy stays whole, so that it pastes as it is', () => {
    const command = "    rentals events move 23 --to '2026-12-09 08:00' && rentals events book 'Dubois Vow Renewal' --item '40x60 Pole Tent=1'";
    const text = `Nothing was written. Ways out, each a command to copy into the shell as it is printed here:\n${command}\n`;
    const lines = wrapPeopleLines(text, 60).split('\n');
    expect(lines).toContain(command);
    expect(lines[0]).toBe('Nothing was written. Ways out, each a command to copy into');
    expect(lines.filter((line) => line !== command && line !== '').every((line) => textWidth(line) <= 60)).toBe(true);
  });
});

describe('problem lists (check)', () => {
  const problems: RecordListView = {
    kind: 'records',
    body: { data: [] },
    rows: [
      {
        code: 'overbooked',
        message:
          '"40x60 Pole Tent" (item 3): 2 booked at 2026-12-07 09:00, 1 owned (event 24 "County Fair Beer Garden": 1; event 25 "Jensen–Alvarez Wedding": 1)',
      },
      { code: 'inactive-item', message: 'booking 25 of event 6 "Bennett Family Reunion" (30 × "Kids Folding Chair"): the item is inactive' },
    ],
    columns: ['code', 'message'],
    lines: { lead: 'code', text: 'message' },
  };

  test.each(WIDTHS)('at %i columns: one paragraph per problem, every word shown, no line wider than the terminal', async (width) => {
    const { out } = await render(problems, 'table', { terminalWidth: width });
    for (const line of lines(out)) expect(textWidth(line)).toBeLessThanOrEqual(width);
    const joined = lines(out).map((l) => l.trim()).join(' ');
    for (const row of problems.rows) expect(joined).toContain(String(row.message));
    expect(out).not.toContain('…');
    expect(lines(out)[0]).toMatch(/^overbooked {5}"40x60 Pole Tent" \(item 3\)/);
    // A hanging indent: the continuation lines start under the message.
    for (const line of lines(out).slice(1)) if (!line.startsWith('inactive-item')) expect(line).toMatch(/^ {15}\S/);
  });

  test('--fields and piped output are tables and rows as before', async () => {
    expect((await render(problems, 'tsv')).out.split('\n')[0]).toBe(`overbooked\t${String(problems.rows[0]!.message)}`);
    expect((await render(problems, 'table', { terminalWidth: 80, fields: ['code'] })).out).toContain('│ code          │');
  });
});

describe('a month of free units (availability --daily)', () => {
  const days = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
  const names = ['20x20 Frame Tent', 'Tent Perimeter Lighting Kit', 'Dance Floor Panel 3x3 with a very long description'];
  const month: GridView = {
    kind: 'grid',
    rowHeader: 'item',
    rows: names.map((label, i) => ({ key: String(i + 1), label })),
    columns: days.map((key) => ({ key, label: key.slice(5), short: key.slice(8) })),
    cells: names.map((_, r) => days.map((_, c) => (r === 0 && c === 8 ? -1 : 100 + c))),
    isProblem: (value) => typeof value === 'number' && value < 0,
  };

  test.each(WIDTHS)('at %i columns: every day shows, in pages of whole weeks, every item name in full', async (width) => {
    const { out, notes } = await render(month, 'table', { terminalWidth: width });
    expect(notes).toEqual([]);
    for (const line of lines(out)) expect(textWidth(line)).toBeLessThanOrEqual(width);
    for (const day of days) expect(out).toMatch(new RegExp(`│ +${day.slice(8)} │`));
    const pages = out.split('\n').filter((l) => /^2026-12-\d\d( → 2026-12-\d\d)?$/.test(l));
    expect(pages[0]).toMatch(width >= 120 ? /^2026-12-01 → 2026-12-14$/ : /^2026-12-01 → 2026-12-07$/);
    expect(pages.length).toBe(width >= 120 ? 3 : 5);
    // A wrapped name, read down its column, is the whole name.
    const labelText = lines(out)
      .filter((l) => l.startsWith('│'))
      .map((l) => l.split('│')[1]!.trim())
      .join(' ');
    for (const name of names) expect(labelText).toContain(name);
    expect(out).not.toContain('…');
    // Cells stay in their day's column: 9 December is short.
    expect(out).toMatch(/│ +-1 │/);
  });

  test('a view may title its pages; the day columns of every page are equally wide', async () => {
    const titled: GridView = { ...month, pageHeading: (from, to) => `days ${from + 1}–${to + 1}` };
    const { out } = await render(titled, 'table', { terminalWidth: 80 });
    expect(out.split('\n').filter((l) => l.startsWith('days '))).toEqual(['days 1–7', 'days 8–14', 'days 15–21', 'days 22–28', 'days 29–31']);
    const dayWidths = new Set(lines(out).filter((l) => l.startsWith('│ Item')).flatMap((l) => l.split('│').slice(2, -1).map((cell) => cell.length)));
    expect(dayWidths.size).toBe(1);
  });

  test('a grid that fits is one table with its full column labels', async () => {
    const week: GridView = { ...month, columns: month.columns.slice(0, 3), cells: month.cells.map((row) => row.slice(0, 3)) };
    const { out } = await render(week, 'table', { terminalWidth: 120 });
    expect(lines(out)[1]).toMatch(/^│ Item +│ 12-01 │ 12-02 │ 12-03 │$/);
  });
});

describe('an agenda where its table would be cut', () => {
  const row = (id: number, event: string, items: string) => ({ id, event, start: '2026-12-04 16:00', customer: 'Olivia Harper', items, total: '3933.50' });
  const agenda: GroupedView = {
    kind: 'groups',
    groupColumn: 'date',
    columns: ['id', 'event', 'start', 'customer', 'items', 'total'],
    groups: [
      {
        heading: 'Fri 2026-12-04',
        key: '2026-12-04',
        rows: [row(1, 'Harper–Nguyen Wedding', '1 × 20x40 Frame Tent, 18 × 60in Round Table, 150 × Gold Chiavari Chair, 6 × String Lights, 100ft'), row(2, 'Gala', '2 × Stage')],
      },
    ],
    entry: (r) => ({ lead: String(r.start).slice(11), title: `${String(r.event)} (${String(r.id)})`, lines: [String(r.customer), String(r.items), `total\u00a0${String(r.total)}`] }),
  };

  test.each([60, 80])('at %i columns: a block per event under its day, every value whole, wrapped under the event', async (width) => {
    const { out } = await render(agenda, 'table', { terminalWidth: width });
    const shown = lines(out);
    for (const line of shown) expect(textWidth(line)).toBeLessThanOrEqual(width);
    expect(shown[0]).toBe('Fri 2026-12-04');
    expect(shown[1]).toBe('  16:00  Harper–Nguyen Wedding (1)');
    expect(shown[2]).toBe('         Olivia Harper');
    const joined = shown.map((l) => l.trim()).join(' ');
    expect(joined).toContain(String(agenda.groups[0]!.rows[0]!.items));
    expect(joined).toContain('total\u00a03933.50');
    for (const line of shown.slice(1)) expect(line).toMatch(/^ {2}\S| {9}\S/);
    expect(out).not.toContain('…');
  });

  test.each([60, 80])('at %i columns: a total line (the load sheet\'s `To load:`) too long for the terminal wraps under its item, the quantities a column of their own', async (width) => {
    const name = 'Premium White "Luxe" Chiavari Chair with an Extra-Long Descriptive Name, Gold';
    const sheet: GroupedView = { ...agenda, groups: [{ ...agenda.groups[0]!, footer: ['To load:', '      1 × 20x40 Frame Tent', `     10 × ${name}`] }] };
    const shown = lines((await render(sheet, 'table', { terminalWidth: width })).out);
    for (const line of shown) expect(textWidth(line)).toBeLessThanOrEqual(width);
    const at = shown.indexOf('To load:');
    expect(shown[at + 1]).toBe('      1 × 20x40 Frame Tent');
    expect(shown[at + 2]).toMatch(/^ {5}10 × Premium/);
    // Every line after it is under the name, never at the quantities' column.
    const rest = shown.slice(at + 3).filter((l) => l !== '');
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest) expect(line).toMatch(/^ {10}\S/);
    expect([shown[at + 2]!.slice(10), ...rest.map((l) => l.trim())].join(' ')).toBe(name);
  });

  test('a table that fits with a total line that does not: the line wraps under its item, the quantities a column of their own', async () => {
    const name = 'Premium White "Luxe" Chiavari Chair with an Extra-Long Descriptive Name, Gold';
    const sheet: GroupedView = { ...agenda, groups: [{ ...agenda.groups[0]!, rows: [row(2, 'Gala', '2 × Stage')], footer: ['To load:', '      2 × Stage', `     10 × ${name}`] }] };
    const shown = lines((await render(sheet, 'table', { terminal: true, terminalWidth: 72 })).out);
    expect(shown[1]).toMatch(/^┌/);
    for (const line of shown) expect(textWidth(line)).toBeLessThanOrEqual(72);
    const at = shown.indexOf('To load:');
    expect(shown.slice(at + 1)).toEqual(['      2 × Stage', '     10 × Premium White "Luxe" Chiavari Chair with an Extra-Long', '          Descriptive Name, Gold']);
  });

  test('at 26 columns, too narrow to hang a total line under its item: it wraps plainly, the quantity with its name, never alone on a line', async () => {
    const name = 'Premium White "Luxe" Chiavari Chair with an Extra-Long Descriptive Name, Gold';
    const sheet: GroupedView = { ...agenda, groups: [{ ...agenda.groups[0]!, footer: ['To load:', '      2 × Stage', `     10 × ${name}`, `      1 × ${name}`] }] };
    const shown = lines((await render(sheet, 'table', { terminal: true, terminalWidth: 26 })).out);
    for (const line of shown) expect(textWidth(line)).toBeLessThanOrEqual(26);
    const at = shown.indexOf('To load:');
    const totals = shown.slice(at + 1).filter((l) => l !== '');
    expect(totals[0]).toBe('      2 × Stage');
    expect(totals.filter((l) => /\d ×$/.test(l))).toEqual([]);
    expect(totals.filter((l) => /^\d+ × Premium White/.test(l))).toHaveLength(2);
    expect(totals.slice(1).join(' ')).toBe(`10 × ${name} 1 × ${name}`);
  });

  test('a table when it fits, or with --fields; rows in machine formats', async () => {
    const short: GroupedView = { ...agenda, groups: [{ ...agenda.groups[0]!, rows: [row(2, 'Gala', '2 × Stage')] }] };
    expect(lines((await render(short, 'table', { terminalWidth: 120 })).out)[1]).toMatch(/^┌/);
    expect(lines((await render(agenda, 'table', { terminalWidth: 60, fields: ['id', 'event'] })).out)[2]).toBe('│ id │ event                 │');
    expect((await render(agenda, 'tsv')).out.split('\n')[1]).toBe('2026-12-04\t2\tGala\t2026-12-04 16:00\tOlivia Harper\t2 × Stage\t3933.50');
  });
});
