import { describe, expect, it } from 'vitest';
import { renderBarChart } from '../../src/output/bar-chart.js';
import { textWidth } from '../../src/output/width.js';
import { forPeople } from '../../src/common/terminal-text.js';

const rows = [
  { cells: ['Tent', '48', '96', '50.0%'], fraction: 0.5 },
  { cells: ['Chair', '384', '480', '80.0%'], fraction: 0.8 },
  { cells: ['Stage deck', '30', '20', '150.0%'], fraction: 1.5 },
  { cells: ['Unowned', '0', '0', '—'], fraction: undefined },
];
const header = ['item', 'held', 'owned', 'utilization'];

describe('bar chart', () => {
  const lines = renderBarChart(rows, { width: 60, colour: false, header, rightAligned: new Set([1, 2, 3]) });

  it('aligns the numbers and draws each bar in proportion, in eighths of a column', () => {
    expect(lines[0]).toBe('item        held  owned  utilization');
    expect(lines[1]!.startsWith('Tent          48     96        50.0%  ')).toBe(true);
    // 60 − 36 text − 2 = 22 columns: 50% is 11 full blocks, 80% is 17.6: 17 full and ▋ (5 eighths)
    expect(lines[1]!.slice(38)).toBe('█'.repeat(11));
    expect(lines[2]!.slice(38)).toBe(`${'█'.repeat(17)}▋`);
  });

  it('marks a share above 1 with ! (red with colour) and leaves a row without a share barless', () => {
    expect(lines[3]!.slice(38)).toBe(`${'█'.repeat(21)}!`);
    expect(lines[3]).toContain('Stage deck');
    expect(lines[4]).toBe('Unowned        0      0            —');
    const coloured = renderBarChart(rows, { width: 60, colour: true, header }).map((line) => forPeople(line)); // as the printer writes it
    expect(coloured[3]).toContain(`\u001b[1;31m${'█'.repeat(21)}!\u001b[0m`);
  });

  it("shows a control character or a line break in a label escaped, on the label's own row", () => {
    const hostile = [
      { cells: ['Stage \u001b[31mdeck', '30', '20', '150.0%'], fraction: 1.5 },
      { cells: ['Real\nFAKE  1  1  100.0%', '1', '1', '100.0%'], fraction: 1 },
      { cells: ['Para\u2029graph\r', '1', '1', '100.0%'], fraction: 1 },
    ];
    const drawn = renderBarChart(hostile, { width: 100, colour: false, header });
    expect(drawn).toHaveLength(4);
    expect(drawn[1]).toContain('Stage \\x1b[31mdeck');
    expect(drawn[2]).toContain('Real\\nFAKE  1  1  100.0%');
    expect(drawn[3]).toContain('Para\\u2029graph\\r');
    expect(drawn.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028\u2029]/);
  });

  it('wraps a label wider than its column onto the next lines, indented under it, never cut; the numbers and the bar on its first line', () => {
    const revenue = [
      { cells: ['Silver Chiavari Chair', '1774.50', '6'], fraction: 0.4 },
      { cells: ['Silver Chiavari Chair (cancelled)', '1040.00', '1'], fraction: 0.2 },
      { cells: ['total', '2814.50', '7'], fraction: undefined },
    ];
    const drawn = renderBarChart(revenue, { width: 80, colour: false, header: ['item', 'revenue', 'lines'], rightAligned: new Set([1, 2]) });
    expect(drawn.join('\n')).not.toContain('…');
    for (const line of drawn) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const at = drawn.findIndex((line) => line.startsWith('Silver Chiavari Chair ') && line.includes('1040.00'));
    expect(at, drawn.join('\n')).toBeGreaterThan(0);
    expect(drawn[at]).toMatch(/ 1040\.00 +1 +█/);
    expect(drawn[at + 1]).toBe('  (cancelled)');
    expect(drawn[at + 2]).toMatch(/^total +2814\.50 +7$/);
  });

  it('prints the lines a row asks for before it, set apart from the columns, which keep one alignment across both parts', () => {
    const parted = [
      { cells: ['Tent', '900.00', '1'], fraction: 1 },
      { cells: ['total', '900.00', '1'], fraction: undefined },
      { cells: ['Chair', '41.50', '2'], fraction: 0.05, before: ['', 'Cancelled, not in the total:'] },
      { cells: ['cancelled total', '41.50', '2'], fraction: undefined },
    ];
    const drawn = renderBarChart(parted, { width: 50, colour: false, header: ['item', 'revenue', 'lines'], rightAligned: new Set([1, 2]) });
    expect(drawn.slice(0, 6)).toEqual(['item             revenue  lines', expect.stringMatching(/^Tent +900\.00 +1  █+$/), 'total             900.00      1', '', 'Cancelled, not in the total:', expect.stringMatching(/^Chair +41\.50 +2  [▏▎▍▌▋▊▉]$/)]);
    expect(drawn[6]).toBe('cancelled total    41.50      2');
    expect(renderBarChart(parted, { width: 20, colour: false }).every((line) => textWidth(line) <= 20)).toBe(true);
  });

  it.each([20, 40, 80, 200])('fits a width of %i', (width) => {
    for (const line of renderBarChart(rows, { width, colour: true, header })) expect(textWidth(line)).toBeLessThanOrEqual(width);
  });
});
