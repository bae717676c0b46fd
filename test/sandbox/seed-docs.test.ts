// The manual's figures of the seed are the seed's own: counted here and looked for in
// docs/sandbox.md (whitespace aside), so a seed that grows cannot leave the manual behind. On a
// difference the test prints the sentence to paste.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/sandbox/seed.js';
import { Store } from '../../src/sandbox/store.js';
import { FIXED_NOW } from './helpers.js';

const words = (n: number) => (n === 1 ? 'one' : String(n));

function seedSentence(): string {
  const store = new Store();
  seedDemoData(store, FIXED_NOW);
  const { records } = store.capture();
  const count = (name: string) => records[name as keyof typeof records]?.length ?? 0;
  const items = records.inventory ?? [];
  const events = records.events ?? [];
  const inactive = items.filter((i) => i.active === 0 || i.active === false).length;
  const cancelled = events.filter((e) => e.cancelDate !== null && e.cancelDate !== undefined || e.eventStatusId === 4).length;
  const completed = events.filter((e) => e.eventStatusId === 3).length;
  const quoted = events.filter((e) => e.eventStatusId === 1).length;
  return (
    `${count('categories')} categories, ${items.length} items (tents, tables, chairs, lighting, staging; ${words(inactive)} inactive), ` +
    `${count('prices')} prices (each item × each active block), ${events.length} events over the coming months with customers, addresses, ` +
    `amounts and ${count('bookings')} bookings (${quoted} of the events quotes, ${words(cancelled)} cancelled, ${words(completed)} completed).`
  );
}

describe('the sandbox page of the manual', () => {
  it('gives the seed figures the seed has', () => {
    const page = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const sentence = seedSentence();
    expect(page.includes(sentence), `docs/sandbox.md's seed figures differ from the seed; paste:\n${sentence}`).toBe(true);
  });
});
