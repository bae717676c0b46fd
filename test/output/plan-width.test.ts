// Plan lines measure labels with the tables' width function: CJK and emoji names no longer shift
// the change column (it moved by ~3 columns per wide name).

import { expect, test } from 'vitest';
import type { Plan, PlanRow } from '../../src/bulk/plan.js';
import { PLAN_VERSION } from '../../src/bulk/plan.js';
import { planLines } from '../../src/bulk/plan-lines.js';
import { priceRows } from '../../src/bulk/spec.js';
import { textWidth } from '../../src/output/width.js';

function row(line: number, label: string): PlanRow {
  return { line, action: 'update', ids: { id: line }, label, old: { price: '120.00' }, new: { price: '126.00' } };
}

test('the change column starts at the same display column whatever the label', () => {
  const labels = ['Tent 20x20 / Weekend', '帐篷 大号 / Weekend', '🎪 Big top / Weekend', 'Café chairs / Weekend'];
  const plan = {
    version: PLAN_VERSION,
    resource: 'prices',
    createdAt: '2026-05-01T12:00:00Z',
    source: 'test',
    scope: {},
    totals: { create: 0, update: labels.length, unchanged: 0, invalid: 0, refused: 0, delete: 0 },
    rows: labels.map((label, i) => row(i + 1, label)),
  } as Plan;
  const lines = [...planLines(priceRows, plan)];
  const columns = lines.map((line) => textWidth(line.slice(0, line.indexOf('120.00'))));
  expect(new Set(columns).size).toBe(1);
  expect(lines[1]).toBe('line 2  update     帐篷 大号 / Weekend    120.00 → 126.00 (+5.0%)');
});

test('a label longer than its column is shown whole, never cut (a terminal wraps the line)', () => {
  const label = '日本語'.repeat(20);
  const plan = { rows: [row(1, label), row(2, 'Tent')], totals: {} } as unknown as Plan;
  const [long, short] = [...planLines(priceRows, plan)];
  expect(long).toContain(`${label}  120.00`);
  expect(long).not.toContain('…');
  // The others keep their column (at most 40 wide).
  expect(textWidth(short!.slice(0, short!.indexOf('120.00')))).toBe('line 2  update     '.length + 40 + 2);
});
