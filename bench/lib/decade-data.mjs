// A decade of a large shop as a snapshot file (what `rentals snapshot` writes, in its order), for
// `rentals sandbox --from-snapshot`: `items` items with 3 prices each, `events` events spread over
// ten years (2018–2027, 1–3 days each, every tenth a quote) with `perEvent` bookings each. Written
// record by record to the file in 1 MB pieces: fast, and memory that does not grow with the data.
// Returns what the bench needs to know about it (the events of a month and the items they book,
// without reading it back).
import { closeSync, openSync, writeSync } from 'node:fs';

const DAY = 86_400_000;
const START = Date.UTC(2018, 0, 1);
const YEARS = 10;
const wall = (ms) => new Date(ms).toISOString().slice(0, 19);

/** Writes the snapshot to `path`; `month` is [from, to) in ms: the ids of the events overlapping it, and of the items they book, are returned. */
export function writeDecade(path, { items, events, perEvent, month, years = YEARS }) {
  const fd = openSync(path, 'w');
  let buffer = '';
  const write = (text) => {
    buffer += text;
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  };
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const list = (name, count, record, first = false) => {
    write(`${first ? '' : ','}\n"${name}":[`);
    for (let i = 1; i <= count; i++) write(`${i === 1 ? '' : ','}\n${JSON.stringify(record(i))}`);
    write(']');
  };
  write(`{"kind":"rentals-snapshot","version":1,"takenAt":"${new Date().toISOString()}","source":"bench","resources":{`);
  list('rentalBlocks', 3, (i) => ({ id: i, pricingType: ['Daily', 'Weekend', 'Weekly'][i - 1], active: 1 }), true);
  list('inventory', items, (i) => ({ id: i, name: `Decade item ${i}`, quantityAvailable: 20 + (i % 30), active: 1 }));
  list('prices', items * 3, (i) => ({ id: i, inventoryId: Math.ceil(i / 3), rentalBlockId: ((i - 1) % 3) + 1, price: 5 + (i % 40) }));
  list('statuses', 4, (i) => ({ id: i, statusType: ['Quoted', 'Confirmed', 'Completed', 'Cancelled'][i - 1] }));
  const inMonth = [];
  const pool = Math.min(items, 2000);
  const itemOf = (eventId, k) => 1 + ((eventId * 7 + k * 389) % pool);
  list('events', events, (i) => {
    const start = START + Math.floor(random() * 365 * years) * DAY + 14 * 3_600_000;
    const days = 1 + Math.floor(random() * 3);
    const dropoff = start - 5 * 3_600_000;
    const pickup = start + days * DAY - 4 * 3_600_000;
    const end = start + days * DAY - 8 * 3_600_000;
    if (dropoff < month[1] && pickup > month[0]) inMonth.push(i);
    return {
      id: i, eventStatusId: i % 10 === 0 ? 1 : 2, rentalBlockId: 1, eventName: `Decade event ${i}`,
      dropoffDate: wall(dropoff), startDate: wall(start), endDate: wall(end), teardownDate: wall(end), pickupDate: wall(pickup),
      customerName: `Customer ${i % 5000}`,
    };
  });
  // Each event's bookings: distinct items, chosen among the first 2,000 (a shop books its stock, not its whole catalogue).
  list('bookings', events * perEvent, (i) => {
    const eventId = Math.ceil(i / perEvent);
    const k = (i - 1) % perEvent;
    return { id: i, eventId, inventoryId: itemOf(eventId, k), quantity: 1 + (i % 3), price: 6 };
  });
  write('\n}}\n');
  writeSync(fd, buffer);
  closeSync(fd);
  const bookedInMonth = [...new Set(inMonth.flatMap((eventId) => Array.from({ length: perEvent }, (_, k) => itemOf(eventId, k))))];
  return { inMonth, bookedInMonth };
}
