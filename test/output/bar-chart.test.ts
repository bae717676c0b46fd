import { describe, expect, it } from 'vitest';
import { renderBarChart } from '../../src/output/bar-chart.js';
import { textWidth } from '../../src/output/width.js';
import { forPeople } from '../../src/common/terminal-text.js';

const rows = [
  { cells: ['Tent', '48', '96', '50.0%'], fraction: 0.5 },
  { cells: ['Chair', '384', '480', '80.0%'], fraction: 0.8 },
  { cells: ['Stage \u001b[31mdeck', '30', '20', '150.0%'], fraction: 1.5 },
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

  it.each([20, 40, 80, 200])('fits a width of %i', (width) => {
    for (const line of renderBarChart(rows, { width, colour: true, header })) expect(textWidth(line)).toBeLessThanOrEqual(width);
  });
});
