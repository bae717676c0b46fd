// Layouts for people at a terminal of a given width: nothing a person came for is cut.

import { describe, expect, test } from 'vitest';
import type { RecordListView } from '../../src/output/views.js';
import { textWidth } from '../../src/output/width.js';
import { wrapText } from '../../src/output/wrap.js';
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
