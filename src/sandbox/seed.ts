// Data every sandbox has (event statuses, default rental blocks) and the `--seed` demo dataset:
// deterministic for a given day (dates are relative to UTC midnight of `now()`, so tests pin
// them with the sandbox's clock), realistic enough to demo: categories, ~20 items with prices per
// active block, a busy coming month (~35 events, several overlapping, one overbooking for
// `rentals check` to find) and a few events further out.

import { type ResourceName, resources } from '../resources/definitions.js';
import { validateWrite } from '../schemas/resource.js';
import type { Store, StoreImage, StoredRecord } from './store.js';

const STATUSES = [
  { id: 1, statusType: 'Quoted' },
  { id: 2, statusType: 'Confirmed' },
  { id: 3, statusType: 'Completed' },
  { id: 4, statusType: 'Cancelled' },
] as const;

const DEFAULT_RENTAL_BLOCKS = [
  { id: 1, pricingType: 'Daily', active: 1 },
  { id: 2, pricingType: 'Weekend', active: 1 },
  { id: 3, pricingType: 'Weekly', active: 1 },
  { id: 4, pricingType: 'Monthly', active: 0 },
] as const;

/** Statuses and the default rental blocks (a data file may replace the blocks). */
export function baseImage(): StoreImage {
  return {
    nextIds: {},
    records: {
      statuses: STATUSES.map((s) => ({ ...s })),
      rentalBlocks: DEFAULT_RENTAL_BLOCKS.map((b) => ({ ...b })),
    },
  };
}

const CATEGORIES = ['Tents', 'Tables', 'Chairs', 'Lighting', 'Staging'];

/** name, units owned, daily price; the Weekend block costs 1.5×, the Weekly one 3×. */
const ITEMS: [string, number, number][] = [
  ['20x20 Frame Tent', 4, 450],
  ['20x40 Frame Tent', 2, 850],
  ['40x60 Pole Tent', 1, 1900],
  ['10x10 Pop-up Canopy', 12, 95],
  ['60in Round Table', 40, 12],
  ['6ft Banquet Table', 60, 10],
  ['8ft Banquet Table', 30, 11.5],
  ['30in Cocktail Table', 24, 14],
  ['White Folding Chair', 400, 2.25],
  ['Gold Chiavari Chair', 150, 6.5],
  ['Silver Chiavari Chair', 150, 6.5],
  ['Kids Folding Chair', 50, 1.75],
  ['String Lights, 100ft', 20, 45],
  ['LED Uplight', 36, 25],
  ['Crystal Chandelier', 6, 120],
  ['Tent Perimeter Lighting Kit', 8, 60],
  ['Stage Platform 4x8', 16, 55],
  ['Stage Stairs', 4, 30],
  ['Dance Floor Panel 3x3', 120, 9],
  ['Stage Skirting, 8ft', 20, 8.75],
];
const RETIRED_ITEM = 'Kids Folding Chair';
const BLOCK_FACTOR: Record<number, number> = { 1: 1, 2: 1.5, 3: 3 };

interface EventSeed {
  name: string;
  /** days after the base date, and how many days it lasts */
  day: number;
  days: number;
  block: number;
  status: number;
  customer: string;
  customerAt: [string, string, string, string];
  venue: [string, string, string, string];
  contacts: string;
  /** item index in ITEMS, units */
  bookings: [number, number][];
  amounts: [deposit: number, delivery: number, labor: number, misc: number, discount: number, salesTax: number];
  requirements?: string;
  cancel?: { daysBefore: number; reason: string };
}

const EVENTS: EventSeed[] = [
  {
    name: 'Harper–Nguyen Wedding', day: 12, days: 1, block: 1, status: 2,
    customer: 'Olivia Harper', customerAt: ['418 Maple Ave', 'Springfield', 'IL', '62704'],
    venue: ['Willow Creek Farm, 2200 County Rd 12', 'Chatham', 'IL', '62629'],
    contacts: 'Olivia Harper (217) 555-0142; planner Dana Ruiz (217) 555-0199',
    bookings: [[1, 1], [4, 18], [9, 150], [12, 6], [18, 40]],
    amounts: [1500, 250, 600, 0, 0, 412.5], requirements: 'Ceremony at 4pm; tent up by noon the day before.',
  },
  {
    name: 'Riverside Summer Festival', day: 19, days: 3, block: 2, status: 2,
    customer: 'City of Riverside Parks Dept.', customerAt: ['100 Civic Center Plaza', 'Riverside', 'IL', '60546'],
    venue: ['Riverside Commons', 'Riverside', 'IL', '60546'],
    contacts: 'Marcus Bell, events coordinator (708) 555-0117',
    bookings: [[0, 3], [3, 10], [5, 40], [8, 300], [13, 12]],
    amounts: [3000, 600, 1800, 150, 500, 980.25],
  },
  {
    name: 'Acme Corp Product Launch', day: 26, days: 1, block: 1, status: 1,
    customer: 'Acme Corporation', customerAt: ['55 Industrial Pkwy', 'Naperville', 'IL', '60563'],
    venue: ['Acme HQ Courtyard, 55 Industrial Pkwy', 'Naperville', 'IL', '60563'],
    contacts: 'Priya Shah (630) 555-0163',
    bookings: [[7, 16], [13, 20], [16, 8], [17, 2]],
    amounts: [800, 150, 400, 0, 0, 201],
  },
  {
    name: 'Lopez Quinceañera', day: 33, days: 1, block: 2, status: 2,
    customer: 'Maria Lopez', customerAt: ['77 Sunset Blvd', 'Aurora', 'IL', '60505'],
    venue: ['St. Anne Parish Hall, 310 Oak St', 'Aurora', 'IL', '60505'],
    contacts: 'Maria Lopez (630) 555-0181',
    bookings: [[4, 15], [9, 120], [14, 2], [18, 36]],
    amounts: [700, 120, 350, 75, 50, 168.4],
  },
  {
    name: 'Oak Park Charity Gala', day: 40, days: 1, block: 1, status: 4,
    customer: 'Oak Park Community Foundation', customerAt: ['1 Lake St', 'Oak Park', 'IL', '60301'],
    venue: ['Scoville Park', 'Oak Park', 'IL', '60301'],
    contacts: 'Evelyn Brooks (708) 555-0104',
    bookings: [[1, 1], [4, 20], [10, 160]],
    amounts: [0, 0, 0, 0, 0, 0],
    cancel: { daysBefore: 45, reason: 'Sponsor withdrew; gala postponed to next year. Deposit refunded.' },
  },
  {
    name: 'Bennett Family Reunion', day: 47, days: 3, block: 2, status: 1,
    customer: 'James Bennett', customerAt: ['902 Birch Ln', 'Joliet', 'IL', '60435'],
    venue: ['Pilcher Park Pavilion B', 'Joliet', 'IL', '60432'],
    contacts: 'James Bennett (815) 555-0126',
    bookings: [[3, 4], [5, 12], [8, 100], [11, 30]],
    amounts: [300, 80, 0, 0, 25, 74.1],
  },
  {
    name: 'Midwest Craft Beer Expo', day: 61, days: 7, block: 3, status: 2,
    customer: 'Great Lakes Brewers Guild', customerAt: ['400 W Erie St, Suite 5', 'Chicago', 'IL', '60654'],
    venue: ['DuPage County Fairgrounds, 2015 Manchester Rd', 'Wheaton', 'IL', '60187'],
    contacts: 'Tom Kowalski (312) 555-0150; site lead (312) 555-0151',
    bookings: [[2, 1], [0, 2], [6, 30], [7, 24], [12, 12], [15, 4]],
    amounts: [5000, 900, 3200, 400, 0, 1890.75], requirements: 'Generator hookup for lighting; fire marshal walk-through day 1.',
  },
  {
    name: 'Patel 50th Anniversary Dinner', day: 75, days: 1, block: 1, status: 1,
    customer: 'Anjali Patel', customerAt: ['15 Greenfield Ct', 'Schaumburg', 'IL', '60193'],
    venue: ['Patel residence backyard, 15 Greenfield Ct', 'Schaumburg', 'IL', '60193'],
    contacts: 'Anjali Patel (847) 555-0173',
    bookings: [[0, 1], [4, 8], [10, 64], [14, 1], [12, 4]],
    amounts: [600, 100, 250, 0, 0, 142.8],
  },
  {
    name: 'Lakeview High Prom', day: 96, days: 1, block: 1, status: 2,
    customer: 'Lakeview High School PTA', customerAt: ['4015 N Ashland Ave', 'Chicago', 'IL', '60613'],
    venue: ['Lakeview High School Gym, 4015 N Ashland Ave', 'Chicago', 'IL', '60613'],
    contacts: 'Rachel Kim, PTA chair (773) 555-0138',
    bookings: [[18, 60], [16, 6], [17, 1], [19, 8], [13, 24], [7, 20]],
    amounts: [1000, 200, 700, 0, 100, 240],
  },
  {
    name: 'Fall Harvest Market', day: 117, days: 3, block: 2, status: 1,
    customer: 'Downers Grove Chamber of Commerce', customerAt: ['1015 Curtiss St', 'Downers Grove', 'IL', '60515'],
    venue: ['Main Street Train Station Lot', 'Downers Grove', 'IL', '60515'],
    contacts: 'Sam Ortega (630) 555-0110',
    bookings: [[3, 12], [5, 24], [8, 48]],
    amounts: [0, 180, 240, 0, 0, 61.2],
  },
  {
    name: 'Garcia Graduation Party', day: -16, days: 1, block: 1, status: 3,
    customer: 'Luis Garcia', customerAt: ['2840 Elm St', 'Evanston', 'IL', '60201'],
    venue: ['2840 Elm St (backyard)', 'Evanston', 'IL', '60201'],
    contacts: 'Luis Garcia (847) 555-0191',
    bookings: [[3, 2], [5, 6], [8, 60]],
    amounts: [200, 60, 0, 0, 0, 31.45],
  },
];

/** Smaller jobs that fill the coming month: [name, customer, city, day, block, status, bookings]. */
const MONTH: Array<[string, string, string, number, number, number, [number, number][]]> = [
  ['Chen Baby Shower', 'Lily Chen', 'Naperville', 1, 1, 2, [[5, 4], [8, 30], [13, 4]]],
  ['Northside Book Club Picnic', 'Northside Library Friends', 'Evanston', 2, 1, 1, [[3, 2], [5, 3], [8, 24]]],
  ['Okafor Engagement Party', 'Chidi Okafor', 'Oak Park', 3, 1, 2, [[7, 6], [10, 40], [12, 3]]],
  ['St. Mark Parish Fish Fry', 'St. Mark Parish', 'Wheaton', 4, 2, 2, [[5, 8], [8, 60]]],
  ['Hoffman Retirement Party', 'Karen Hoffman', 'Schaumburg', 5, 1, 1, [[4, 4], [9, 32], [13, 6]]],
  ['Lincoln Elementary Field Day', 'Lincoln Elementary PTA', 'Aurora', 6, 1, 2, [[3, 3], [5, 4], [8, 40]]],
  ['Brightline Tech Offsite', 'Brightline Software', 'Chicago', 7, 1, 2, [[7, 8], [13, 8], [16, 4], [17, 1]]],
  ['Romano Family Reunion', 'Tony Romano', 'Joliet', 8, 2, 1, [[0, 1], [5, 6], [8, 50]]],
  ['Sunrise Rotary Breakfast', 'Sunrise Rotary Club', 'Downers Grove', 9, 1, 2, [[6, 5], [8, 40]]],
  ['Kaur Sangeet Night', 'Harpreet Kaur', 'Skokie', 10, 1, 2, [[4, 6], [10, 48], [13, 10], [18, 20]]],
  ['Maple Street Block Party', 'Maple Street Neighbors', 'Springfield', 11, 1, 1, [[3, 2], [5, 4], [8, 40]]],
  ['Dubois Vow Renewal', 'Claire Dubois', 'Hinsdale', 13, 1, 2, [[4, 5], [10, 40], [14, 1]]],
  ['County Fair Beer Garden', 'Summit County Fair Board', 'Wheaton', 14, 2, 2, [[2, 1], [6, 8], [8, 80]]],
  ['Jensen–Alvarez Wedding', 'Emma Jensen', 'Geneva', 15, 1, 2, [[2, 1], [4, 10], [10, 80], [12, 4]]],
  ['Westside Youth Soccer Awards', 'Westside Youth Soccer', 'Cicero', 16, 1, 1, [[5, 6], [8, 60]]],
  ['Ng Anniversary Luncheon', 'David Ng', 'Evanston', 17, 1, 2, [[4, 3], [9, 24]]],
  ['Harbor Yacht Club Regatta', 'Harbor Yacht Club', 'Chicago', 18, 1, 2, [[3, 1], [7, 6], [13, 6]]],
  ['Goldberg Bar Mitzvah', 'Rachel Goldberg', 'Highland Park', 20, 2, 2, [[4, 6], [10, 30], [18, 24], [13, 6]]],
  ['Elmhurst Art Walk', 'Elmhurst Arts Council', 'Elmhurst', 21, 1, 1, [[5, 6], [8, 20]]],
  ['Tran Graduation Party', 'Minh Tran', 'Naperville', 23, 1, 1, [[3, 2], [5, 3], [8, 30]]],
  ['Food Truck Friday', 'Downtown Aurora Alliance', 'Aurora', 24, 1, 2, [[5, 6], [8, 40], [12, 4]]],
  ['Murphy Wake & Gathering', 'Sean Murphy', 'Berwyn', 25, 1, 2, [[6, 4], [8, 40]]],
  ['Pride Picnic in the Park', 'Oak Park Pride Alliance', 'Oak Park', 27, 1, 2, [[3, 2], [5, 6], [8, 60]]],
  ['Wilson Garden Party', 'Grace Wilson', 'Lake Forest', 28, 1, 1, [[7, 4], [10, 20], [14, 1]]],
  ['Riverfront 5K Finish Line', 'Riverfront Runners', 'Naperville', 29, 1, 2, [[3, 2], [5, 4]]],
];

function monthEvent([name, customer, city, day, block, status, bookings]: (typeof MONTH)[number]): EventSeed {
  const street = `${100 + day * 37} ${['Oak', 'Main', 'Lake', 'Park', 'Cedar'][day % 5]} St`;
  return {
    name, day, days: 1, block, status, customer,
    customerAt: [street, city, 'IL', `60${String(400 + day).padStart(3, '0')}`],
    venue: [street, city, 'IL', `60${String(400 + day).padStart(3, '0')}`],
    contacts: `${customer} (630) 555-01${String(day).padStart(2, '0')}`,
    bookings,
    amounts: [100, 75, 120, 0, 0, 25.5],
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fills an empty store with the demo dataset; returns false (and changes nothing) when it has data. */
export function seedDemoData(store: Store, now: number): boolean {
  if (!store.isPristine()) return false;
  const base = Math.floor(now / DAY_MS) * DAY_MS;
  const at = (day: number, hour: number) => new Date(base + day * DAY_MS + hour * 3_600_000).toISOString().slice(0, 19);
  const add = (resource: ResourceName, values: Record<string, unknown>): StoredRecord =>
    store.create(resource, validateWrite(resources[resource], values, 'create', { unknownFields: 'reject' })).record;

  for (const name of CATEGORIES) add('categories', { name, inactive: 0 });
  const items = ITEMS.map(([name, quantityAvailable]) => add('inventory', { name, quantityAvailable, active: name === RETIRED_ITEM ? 0 : 1 }));
  const priceOf = (itemIndex: number, block: number): number => Math.round(ITEMS[itemIndex]![2] * BLOCK_FACTOR[block]! * 100) / 100;
  items.forEach((item, i) => {
    for (const block of [1, 2, 3]) add('prices', { inventoryId: item.id, rentalBlockId: block, price: priceOf(i, block) });
  });
  for (const seed of [...EVENTS, ...MONTH.map(monthEvent)]) {
    const end = seed.day + seed.days - 1;
    const [amountDeposit, amountDelivery, amountLabor, amountMisc, amountDiscount, amountSalesTax] = seed.amounts;
    const event = add('events', {
      eventStatusId: seed.status,
      rentalBlockId: seed.block,
      startDate: at(seed.day, 16),
      endDate: at(end, 23),
      dropoffDate: at(seed.day - 1, 9),
      teardownDate: at(end + 1, 0),
      pickupDate: at(end + 1, 10),
      eventName: seed.name,
      eventAddress1: seed.venue[0],
      eventCity: seed.venue[1],
      eventState: seed.venue[2],
      eventPostalCode: seed.venue[3],
      eventContacts: seed.contacts,
      eventSpecialRequirements: seed.requirements,
      customerName: seed.customer,
      customerAddress1: seed.customerAt[0],
      customerCity: seed.customerAt[1],
      customerState: seed.customerAt[2],
      customerPostalCode: seed.customerAt[3],
      customerContacts: seed.contacts.split(';')[0],
      amountDeposit, amountDelivery, amountLabor, amountMisc, amountDiscount, amountSalesTax,
      cancelDate: seed.cancel ? at(seed.day - seed.cancel.daysBefore, 11) : undefined,
      cancelReason: seed.cancel?.reason,
    });
    for (const [itemIndex, quantity] of seed.bookings) {
      add('bookings', { eventId: event.id, inventoryId: items[itemIndex]!.id, quantity, price: priceOf(itemIndex, seed.block) });
    }
  }
  return true;
}
