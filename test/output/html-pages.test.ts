import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/output/html/escape.js';
import { html, markupText, trusted } from '../../src/output/html/markup.js';
import { readEvent } from '../../src/domain/records.js';
import { parseWallTime } from '../../src/domain/wall-time.js';
import { pickDays } from '../../src/domain/pick-list.js';
import { renderPickListPage } from '../../src/output/html/pick-list-page.js';
import { renderQuotePage } from '../../src/output/html/quote-page.js';
import { renderTimelinePage } from '../../src/output/html/timeline-page.js';
import { readBooking } from '../helpers/bookings.js';
import { sampleTimeline } from '../helpers/timeline-sample.js';
import { HOSTILE_NAME, pageText, pickListPage, quoteEvent, quotePage, timelinePage } from '../helpers/pages-sample.js';

const text = pageText;

const pages = { timeline: () => timelinePage().html, quote: () => quotePage(), 'pick list': () => pickListPage() };

describe('escapeHtml', () => {
  it('turns markup into entities and control and bidi characters into the visible escapes the terminal shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>\u0007\u001b[31m\u009b\ttab\nline\u202eid\u2066`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\x07\\x1b[31m\\u009b\\ttab\\nline\\u202eid\\u2066',
    );
    expect(escapeHtml(12)).toBe('12');
  });
});

describe('the html tagged template', () => {
  it('escapes every interpolation, isolates each in element content (<bdi>), joins arrays, prints nothing for undefined, null, false and empty text', () => {
    const row = (name: string) => html`<td>${name}</td>`;
    expect(markupText(html`<tr title="${'"x"'}">${['<b>', '&'].map(row)}${undefined}${null}${false}${''}${0}</tr>`)).toBe('<tr title="&quot;x&quot;"><td><bdi>&lt;b&gt;</bdi></td><td><bdi>&amp;</bdi></td><bdi>0</bdi></tr>');
  });

  it('only escapes a value inside a tag or in <title> and <style>, where no markup can be', () => {
    expect(markupText(html`<span class="bar ${'a'}" title="${'x'}, ${'y'}">${'z'}</span>`)).toBe('<span class="bar a" title="x, y"><bdi>z</bdi></span>');
    expect(markupText(html`<title>${'Quote'}: ${'<name>'}</title><p>${'after'}</p>`)).toBe('<title>Quote: &lt;name&gt;</title><p><bdi>after</bdi></p>');
  });

  it('keeps only markup made by html or marked trusted', () => {
    expect(markupText(html`${trusted('<br>')}${'<br>'}`)).toBe('<br><bdi>&lt;br&gt;</bdi>');
    // A plain object that looks like markup is not markup: only the module's symbol marks it.
    expect(markupText(html`${{ html: '<b>' } as unknown as string}`)).toBe('<bdi>[object Object]</bdi>');
  });
});

/** Every text a page takes from outside, hostile: markup, quotes to break out of an attribute, control characters. */
const attack = (label: string) => `${label}<script>alert(1)</script><img src=x onerror=alert(2)>" onmouseover="alert(3)'<b>\u001b[31m`;
/** The same texts, benign: a page of them must have exactly the same tags. */
const benign = (label: string) => `${label} plain text`;

function everyPage(text: (label: string) => string): string[] {
  const event = readEvent({ id: 4, eventName: text('event'), customerName: text('customer'), eventVenue: text('venue'), startDate: '2026-06-13T15:00:00', endDate: '2026-06-13T23:00:00', amountDelivery: 5 });
  const bookings = [readBooking({ id: 1, inventoryId: 7, quantity: 2, price: 3 }, 4)];
  const range = { from: parseWallTime('2026-06-12')!, to: parseWallTime('2026-06-16')! };
  const quote = (kind: 'quote' | 'confirmation') =>
    renderQuotePage({
      event,
      bookings,
      itemName: () => text('item'),
      kind,
      venue: text('venue'),
      issued: range.from,
      validDays: 30,
      company: { name: text('company'), address: text('address'), contact: text('contact') },
      terms: text('terms'),
      size: 'A4',
    });
  const { items } = sampleTimeline({ quote: text('quote') });
  const movements = [{ direction: 'out' as const, time: range.from, eventId: 4, eventName: text('event'), quote: true, customer: text('customer'), venue: text('venue'), lines: [{ inventoryId: 1, itemName: text('item'), quantity: 1 }] }];
  return [
    quote('quote'),
    quote('confirmation'),
    renderTimelinePage(items.map((i) => ({ ...i, name: text('item') })), range, { size: 'A4', title: text('title') }),
    renderPickListPage({ range, days: pickDays(range, movements), size: 'Letter' }),
  ];
}

/** The page's tags with their attributes' names (values are text, and differ); not the isolation of a value (a long name may show in no bar). */
const tags = (page: string) => (page.match(/<(?!\/?bdi>)[^>]*>/g) ?? []).map((tag) => tag.replace(/="[^"]*"/g, '=""'));

describe('pages built from hostile strings', () => {
  const hostile = everyPage(attack);
  const plain = everyPage(benign);

  it.each([0, 1, 2, 3])('page %i has exactly the tags of the same page built from plain text, and none of the attack', (i) => {
    expect(tags(hostile[i]!)).toEqual(tags(plain[i]!));
    expect(hostile[i]).not.toMatch(/<script|<img src=x|<b>|onmouseover="|\u001b/);
    expect(hostile[i]).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe.each(Object.entries(pages))('the %s page', (_name, render) => {
  const html = render();

  it('is self-contained: no script, link, image, font, url() or import (a link only to a place on the page), and a policy that forbids fetching', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|@import|url\(|@font-face|\ssrc=|\shref=(?!"#[\w-]+")/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`);
  });

  it('shows a hostile name as text, never as markup or control characters: its controls as visible escapes', () => {
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFD]/);
    expect(html).toContain('Lee &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;\\x07\\x1b[31m');
  });

  it('has print CSS for the paper size asked', () => {
    expect(render()).toMatch(/@page\{size:A4( landscape)?;margin:12mm\}/);
    expect(html).toContain('@media print');
  });
});

describe('the quote', () => {
  const page = text(quotePage('Letter'));

  it('lists each booking with quantity, unit price and amount, an unpriced line as —', () => {
    expect(page).toContain('Tent 20x20 2 450.00 900.00');
    expect(page).toContain('Chair <b>folding</b> 40 2.75 110.00');
    expect(page).toContain('Chair <b>folding</b> 3 — —');
    expect(page).toContain('1 line has no price yet and adds nothing to the total.');
  });

  it('gives the totals of domain/totals.ts and the deposit with the balance it leaves', () => {
    // 900 + 110 = 1010; + 75 delivery + 40.25 tax − 20 discount = 1105.25; − 300 deposit = 805.25
    expect(page).toContain('Items 1010.00 Delivery 75.00 Sales tax 40.25 Discount -20.00 Total 1105.25 Deposit 300.00 Balance after deposit 805.25');
  });

  it('names the customer, the dates and the venue', () => {
    expect(page).toContain('Customer Harper & Sons');
    expect(page).toContain('Venue 1 Main St, Springfield');
    expect(page).toContain('Dropoff 2026-06-12 08:00 Start 2026-06-13 15:00 End 2026-06-13 23:00 Pickup 2026-06-14 12:00');
    expect(quotePage('Letter')).toContain('@page{size:Letter;margin:12mm}');
  });
});

describe('the quote and the order confirmation a company sends', () => {
  const company = { name: 'Harbor Tents & Events', address: '12 Quay St\nPortland, ME 04101', contact: 'hello@harbor.example · 207 555 0100', logo: 'data:image/png;base64,iVBORw0KGgo=' };

  it('is a Quote, valid until issue + the valid days, for a tentative event', () => {
    const page = text(quotePage('A4', { kind: 'quote', validDays: 5 }));
    expect(page).toMatch(/^ ?Quote Q-12: .* Quote Q-12 /);
    expect(page).toContain('issued 2026-06-01 · valid until 2026-06-06');
    expect(page).toContain('This quote is valid until 2026-06-06.');
  });

  it('says a cancelled event is cancelled and offers no validity for it', () => {
    const cancelled = readEvent({ ...quoteEvent.record, cancelDate: '2026-05-30T10:00:00', cancelReason: 'rained off' });
    const page = text(quotePage('A4', { event: cancelled }));
    expect(page).toContain('This event is cancelled.');
    expect(page).not.toMatch(/valid until/);
    expect(page).not.toContain('rained off');
  });

  it('is an Order confirmation, with no validity, for a firm event', () => {
    const page = text(quotePage('A4', { kind: 'confirmation' }));
    expect(page).toContain('Order confirmation');
    expect(page).not.toMatch(/\bQuote\b|valid until/);
  });

  it('shows no internal formula', () => {
    expect(text(quotePage())).not.toMatch(/Amount = |Total = items/);
  });

  it('names the company with its address, contact and logo (embedded), and prints the terms', () => {
    const html = quotePage('A4', { company, terms: 'Payment within 14 days.\nDamage is charged at cost.' });
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Harbor Tents &amp; Events">');
    expect(text(html)).toContain('Harbor Tents & Events 12 Quay St Portland, ME 04101 hello@harbor.example · 207 555 0100');
    expect(text(html)).toContain('Payment within 14 days. Damage is charged at cost.');
  });

  it('formats amounts in the currency set (Intl), exactly', () => {
    const page = text(quotePage('A4', { currency: 'EUR' }));
    expect(page).toContain(`Total ${new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(1105.25)}`);
    expect(text(quotePage('A4', { currency: 'USD' }))).toContain('Tent 20x20 2 $450.00 $900.00');
  });
});

describe('the pick list', () => {
  const html = pickListPage();
  const page = text(html);

  it('gives one row per event × item with a box to tick, by dropoff time', () => {
    expect(page).toContain('Pick list · Fri 2026-06-12 Load (going out) · Fri 2026-06-12 ✓ Item Quantity Event Venue Dropoff Chair 10 Ng fair (14) Fairground 07:30 Tent 20x20 2');
    expect(page).toContain('Receive (coming back) · Fri 2026-06-12 ✓ Item Quantity Event Venue Pickup Tent 20x20 1 Lee party (9) 5 Elm Rd 17:00');
    // day 1: 3 rows + 2 totals out, 1 + 1 in; day 2: 1 + 1
    expect(html.match(/<td class="box">/g)).toHaveLength(9);
  });

  it('totals each item for the day', () => {
    expect(page).toContain('To load · Fri 2026-06-12 ✓ Item Quantity Chair 50 Tent 20x20 2');
    expect(page).toContain('Pick list · Sat 2026-06-13 Load (going out) · Sat 2026-06-13 ✓ Item Quantity Event Venue Dropoff Stage deck 4 Okafor reunion (15) Hall B 09:00');
  });
});

describe('the pick list names the day on every heading a page may start with', () => {
  // Printed, the day's receiving (or its totals) may start a page of its own: without the day in
  // its heading that page says nothing of which day it is for.
  const html = pickListPage();

  it('a section and its totals each carry the day', () => {
    const headings = [...html.matchAll(/<h4>([\s\S]*?)<\/h4>|<th class="heading"[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1] ?? m[2]!).trim());
    expect(headings).toEqual([
      'Load (going out) · Fri 2026-06-12',
      'To load · Fri 2026-06-12',
      'Receive (coming back) · Fri 2026-06-12',
      'To receive · Fri 2026-06-12',
      'Load (going out) · Sat 2026-06-13',
      'To load · Sat 2026-06-13',
    ]);
  });
});

describe('the pick list repeats the day on a page a long table runs over to', () => {
  // A printed table repeats its head (thead) on each page it runs over: the section's heading with
  // its day is the head's first row, above the column headers, never a line before the table.
  const html = pickListPage();

  it('each table of lines has the section and its day as the first row of its head', () => {
    const heads = [...html.matchAll(/<table class="pick"[^>]*>\s*<thead>([\s\S]*?)<\/thead>/g)].map((m) => [...m[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => text(row[1]!).trim()));
    expect(heads).toEqual([
      ['Load (going out) · Fri 2026-06-12', '✓ Item Quantity Event Venue Dropoff'],
      ['Receive (coming back) · Fri 2026-06-12', '✓ Item Quantity Event Venue Pickup'],
      ['Load (going out) · Sat 2026-06-13', '✓ Item Quantity Event Venue Dropoff'],
    ]);
  });

  it('that row names its table and is no heading (a screen reader reads a table whose rows hold header cells); a hidden <h3> of the same words is the heading to reach it by', () => {
    const sections = [...html.matchAll(/<h3 class="unseen">([\s\S]*?)<\/h3>\s*<table class="pick" aria-labelledby="([^"]+)">\s*<thead><tr><th class="heading" colspan="6" scope="colgroup" id="([^"]+)">([\s\S]*?)<\/th>/g)];
    expect(sections.map((m) => text(m[1]!).trim())).toEqual(['Load (going out) · Fri 2026-06-12', 'Receive (coming back) · Fri 2026-06-12', 'Load (going out) · Sat 2026-06-13']);
    for (const m of sections) {
      expect(m[2]).toBe(m[3]);
      expect(text(m[4]!)).toBe(text(m[1]!));
    }
    expect(new Set(sections.map((m) => m[2])).size).toBe(3);
    expect(html).not.toMatch(/role="heading"/);
    expect(html.match(/<table class="pick"/g)).toHaveLength(3);
  });
});

describe('the timeline page', () => {
  const { html, eventNames } = timelinePage();

  it('has a bar for every event and words for every shortage', () => {
    expect(eventNames).toEqual(['Harper wedding', HOSTILE_NAME, 'Ng fair']);
    expect(html.match(/class="bar firm"/g)).toHaveLength(2);
    expect(html.match(/class="bar tentative"/g)).toHaveLength(1);
    expect(text(html)).toContain('! short 2026-06-13 12:00 → 2026-06-13 20:00: 3 held firmly, 2 owned (short by 1)');
  });

  it('places bars by time across the range', () => {
    // Harper wedding: 06-12 08:00 → 06-14 12:00 of 06-12 → 06-16: 8/96 = 8.33%, 52/96 = 54.17%
    expect(html).toContain('class="bar firm" style="left:8.33%;width:54.17%"');
  });
});

describe('the timeline page measures a name as it shows it', () => {
  it('a bar whose name fits only without its escapes shows no text in the bar (the label beside it names it)', () => {
    const range = { from: parseWallTime('2026-06-08')!, to: parseWallTime('2026-06-15')! };
    const bar = (eventId: number, eventName: string) => ({ eventId, eventName, from: parseWallTime('2026-06-09')!, to: parseWallTime('2026-06-10')!, quantity: 1, kind: 'firm' as const });
    const item = { id: 1, name: 'Tent', owned: 2, steps: [], bars: [bar(1, 'Gala'), bar(2, 'Gala\u202e\u202e\u202e\u202e')] };
    const page = renderTimelinePage([item], range, { size: 'A4' });
    const bars = [...page.matchAll(/<span class="bar firm"[^>]*>(?:<bdi>)?([^<]*)(?:<\/bdi>)?<\/span>/g)].map((m) => m[1]);
    expect(bars).toEqual(['Gala', '']);
    expect(page).toContain('<bdi>1</bdi>× <bdi>Gala\\u202e\\u202e\\u202e\\u202e</bdi>');
  });
});
