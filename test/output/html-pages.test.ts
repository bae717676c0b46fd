import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/output/html/escape.js';
import { HOSTILE_NAME, pickListPage, quotePage, timelinePage } from '../helpers/pages-sample.js';

/** The page's text, tags dropped and entities read back (enough for these assertions). */
function text(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const pages = { timeline: () => timelinePage().html, quote: () => quotePage(), 'pick list': () => pickListPage() };

describe('escapeHtml', () => {
  it('turns markup into entities and control characters into U+FFFD', () => {
    expect(escapeHtml(`<a href="x">'&'</a>\u0007\u001b[31m\u009b\ttab\nline`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\uFFFD\uFFFD[31m\uFFFD\ttab\nline');
    expect(escapeHtml(12)).toBe('12');
  });
});

describe.each(Object.entries(pages))('the %s page', (_name, render) => {
  const html = render();

  it('is self-contained: no script, link, image, font, url() or import, and a policy that forbids fetching', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|@import|url\(|@font-face|\ssrc=|\shref=/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it('shows a hostile name as text, never as markup or control characters', () => {
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(html).toContain('Lee &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;\uFFFD\uFFFD[31m');
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

describe('the pick list', () => {
  const html = pickListPage();
  const page = text(html);

  it('gives one row per event × item with a box to tick, by dropoff time', () => {
    expect(page).toContain('Pick list · Fri 2026-06-12 Load (going out) ✓ Item Qty Event Venue Dropoff Chair 10 Ng fair (14) Fairground 07:30 Tent 20x20 2');
    expect(page).toContain('Receive (coming back) ✓ Item Qty Event Venue Pickup Tent 20x20 1 Lee party (9) 5 Elm Rd 17:00');
    // day 1: 3 rows + 2 totals out, 1 + 1 in; day 2: 1 + 1
    expect(html.match(/<td class="box">/g)).toHaveLength(9);
  });

  it('totals each item for the day', () => {
    expect(page).toContain('To load ✓ Item Qty Chair 50 Tent 20x20 2');
    expect(page).toContain('Pick list · Sat 2026-06-13 Load (going out) ✓ Item Qty Event Venue Dropoff Stage deck 4 Okafor reunion (15) Hall B 09:00');
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
