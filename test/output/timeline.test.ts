import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readItem } from '../../src/domain/records.js';
import type { Hold } from '../../src/domain/sweep.js';
import { timelineIntervals, timelineItems } from '../../src/domain/timeline.js';
import { renderTimelineText } from '../../src/output/timeline.js';
import { textWidth } from '../../src/output/width.js';
import { HOSTILE_NAME, sampleTimeline } from '../helpers/timeline-sample.js';
import { forPeople } from '../../src/common/terminal-text.js';

const { items, range } = sampleTimeline();

describe('timeline data', () => {
  it('steps the stock between level changes, firm and tentative apart', () => {
    const tent = items[0]!;
    const short = tent.steps.find((s) => s.free < 0)!;
    expect(short).toMatchObject({ from: Date.UTC(2026, 5, 13, 12), to: Date.UTC(2026, 5, 13, 20), firm: 3, tentative: 1, free: -1, freeIfQuotesConfirm: -2 });
    expect(tent.steps[0]).toMatchObject({ from: range.from, firm: 0, free: 2 });
    expect(tent.steps.at(-1)!.to).toBe(range.to);
    expect(tent.bars.map((b) => [b.eventName, b.kind, b.quantity])).toEqual([
      ['Harper wedding', 'firm', 1],
      ['Lee party', 'tentative', 1],
      ['Ng fair', 'firm', 2],
    ]);
    expect(items[1]).toMatchObject({ name: 'Chairs', bars: [], steps: [{ firm: 0, tentative: 0, free: 12 }] });
  });
});

describe('timeline intervals', () => {
  it('flattens the stock steps and the holds into rows for json and csv', () => {
    const rows = timelineIntervals(items);
    expect(rows.filter((r) => r.itemId === 7 && r.type !== 'stock').map((r) => [r.type, r.event, r.quantity, r.from, r.to])).toEqual([
      ['firm', 'Harper wedding', 1, '2026-06-12 08:00', '2026-06-14 12:00'],
      ['tentative', 'Lee party', 1, '2026-06-13 00:00', '2026-06-15 00:00'],
      ['firm', 'Ng fair', 2, '2026-06-13 12:00', '2026-06-13 20:00'],
    ]);
    expect(rows.find((r) => r.type === 'stock' && r.free! < 0)).toMatchObject({ item: 'Tent 20x20', from: '2026-06-13 12:00', to: '2026-06-13 20:00', firm: 3, tentative: 1, free: -1, eventId: null });
    expect(rows.filter((r) => r.itemId === 8)).toEqual([
      { itemId: 8, item: 'Chairs', type: 'stock', from: '2026-06-12 00:00', to: '2026-06-16 00:00', eventId: null, event: null, quantity: null, firm: 0, tentative: 0, free: 12, freeIfQuotesConfirm: 12 },
    ]);
  });
});

describe('terminal timeline', () => {
  // 96 chart columns over 4 days: one column an hour. Labels are 17 wide ("1× Harper wedding").
  const lines = renderTimelineText(items, range, { width: 17 + 1 + 96, colour: false });
  const chart = (line: string) => line.slice(18);

  it('draws one bar per event at its hours, firm █ and tentative ░', () => {
    expect(lines.find((l) => l.startsWith('1× Harper wedding'))!.slice(18)).toBe(`${' '.repeat(8)}${'█'.repeat(52)}`);
    expect(chart(lines.find((l) => l.startsWith('1× Lee party'))!)).toBe(`${' '.repeat(24)}${'░'.repeat(48)}`);
    expect(chart(lines.find((l) => l.startsWith('2× Ng fair'))!)).toBe(`${' '.repeat(36)}${'█'.repeat(8)}`);
  });

  it('marks the shortage with ! in the free row, legible without colour', () => {
    const free = chart(lines[2]!);
    expect(lines[1]).toBe('Tent 20x20 (2 owned)');
    expect(free).toBe(`${'2'.repeat(8)}${'1'.repeat(28)}${'!'.repeat(8)}${'1'.repeat(16)}${'2'.repeat(36)}`);
    expect(lines.join('\n')).not.toContain('\u001b');
    expect(lines.at(-1)).toContain('! short: firm holds exceed the stock');
  });

  it('has a legend that explains every mark the chart can show, + included, wrapped and never cut', () => {
    for (const width of [40, 80]) {
      const narrow = renderTimelineText(items, range, { width, colour: false });
      const legend = narrow.slice(narrow.findIndex((l) => l.includes('units free')));
      const text = legend.join(' ');
      for (const mark of ['0–9 units free', '+ 10 or more', '█ firm', '░ tentative (quote)', '! short', '? short if every quote confirms']) expect(text).toContain(mark);
      expect(text).not.toContain('…');
      for (const line of legend) expect(textWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('shows ? where only the quotes would overbook', () => {
    const tight = sampleTimeline();
    const tent = tight.items[0]!;
    tent.owned = 3;
    tent.steps = tent.steps.map((s) => ({ ...s, free: s.free + 1, freeIfQuotesConfirm: s.freeIfQuotesConfirm + 1 }));
    const free = renderTimelineText(tight.items, range, { width: 114, colour: false })[2]!.slice(18);
    expect(free.slice(36, 44)).toBe('?'.repeat(8));
    expect(free).not.toContain('!');
  });

  it('puts a time axis over the chart with day labels at midnight', () => {
    const axis = chart(lines[0]!);
    for (const [day, at] of [['06-12', 0], ['06-13', 24], ['06-14', 48], ['06-15', 72]] as const) expect(axis.slice(at, at + 6)).toBe(`|${day}`);
  });

  it('colours the short columns red, one escape per run', () => {
    const coloured = renderTimelineText(items, range, { width: 114, colour: true }).map((line) => forPeople(line)); // as the printer writes it
    expect(coloured[2]).toContain(`\u001b[1;31m${'!'.repeat(8)}\u001b[0m`);
    expect(coloured.find((l) => l.startsWith('2× Ng fair'))).toContain(`\u001b[1;31m${'█'.repeat(8)}\u001b[0m`);
  });

  it.each([30, 40, 60, 80, 120, 200])('fits a width of %i, with or without colour', (width) => {
    for (const colour of [false, true]) {
      const out = renderTimelineText(sampleTimeline({ quote: 'A very long quote name that will not fit in the label column at all' }).items, range, { width, colour });
      for (const line of out) expect(textWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('strips control characters and escapes from names', () => {
    const out = renderTimelineText(sampleTimeline({ quote: HOSTILE_NAME }).items, range, { width: 200, colour: false }).join('\n');
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(out).toContain('1× Lee');
    expect(out).toContain('<script>alert(1)</script>');
  });

  it('wraps a label too long for its column under itself, the bar on its first line, never cutting it', () => {
    const name = 'A very long quote name that will not fit in the label column at all';
    const out = renderTimelineText(sampleTimeline({ quote: name }).items, range, { width: 80, colour: false });
    expect(out.join('\n')).not.toContain('…');
    const first = out.findIndex((line) => line.startsWith('1× A very'));
    expect(out[first]).toContain('░');
    const label = out.slice(first, first + 4).map((line) => line.replace(/[░█]+.*$/, '').trim()).join(' ');
    expect(label).toContain(`1× ${name}`);
  });
});

describe('timeline steps', () => {
  it('cover the range without gaps and hold the brute-force count of each minute', () => {
    const M = 60_000;
    const arbitraryHold = fc
      .record({ from: fc.integer({ min: 0, max: 50 }), length: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 0, max: 3 }), tentative: fc.boolean(), eventId: fc.integer({ min: 1, max: 4 }) })
      .map((h): Hold => ({ from: h.from * M, to: (h.from + h.length) * M, quantity: h.quantity, eventId: h.eventId, ...(h.tentative ? { kind: 'tentative' as const } : {}) }));
    fc.assert(
      fc.property(fc.array(arbitraryHold, { maxLength: 8 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 60 }), (holds, start, span) => {
        const r = { from: start * M, to: (start + span) * M };
        const held = { events: new Map(), bookings: new Map(), byItem: new Map([[1, holds]]) };
        const [item] = timelineItems([readItem({ id: 1, name: 'X', quantityAvailable: 3, active: 1 })], held, r);
        expect(item!.steps[0]!.from).toBe(r.from);
        expect(item!.steps.at(-1)!.to).toBe(r.to);
        for (const [i, step] of item!.steps.entries()) {
          if (i > 0) expect(step.from).toBe(item!.steps[i - 1]!.to);
          for (let m = step.from; m < step.to; m += M) {
            const inForce = holds.filter((h) => h.from <= m && m < h.to);
            const firm = inForce.filter((h) => h.kind !== 'tentative').reduce((s, h) => s + h.quantity, 0);
            const tentative = inForce.filter((h) => h.kind === 'tentative').reduce((s, h) => s + h.quantity, 0);
            expect([m, step.firm, step.tentative, step.free, step.freeIfQuotesConfirm]).toEqual([m, firm, tentative, 3 - firm, 3 - firm - tentative]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
