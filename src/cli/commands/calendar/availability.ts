// `rentals availability --from --to [--item …] [--category …] [--daily] [--all]`: per item, the
// units owned, the most held at one moment of the range (a sweep, not a sum) firmly and by quotes,
// what is free then, and the events holding them; --daily, the free units of each day as a day ×
// item grid; --find, the earliest windows in which all the asked units are free together
// (app/calendar/availability.ts).

import { availability, findWindows } from '../../../app/calendar/availability.js';
import { UsageError } from '../../../errors.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValues } from '../../vocabulary.js';
import { CATEGORY_FLAG, RANGE_FLAGS, itemListFlag, positiveInt, rangeOf } from './options.js';
import type { FlagDecls } from '../../registry/flags.js';
import { TOP_LEVEL } from '../top-level.js';

/** Exported for the type-level test of a calendar command's options (test/cli/command-types.test.ts). */
export const AVAILABILITY_FLAGS = {
  ...RANGE_FLAGS,
  ...itemListFlag('only this item; repeatable'),
  ...CATEGORY_FLAG,
  daily: { help: 'a day × item grid of free units' },
  all: { help: 'also the inactive items without bookings' },
  find: { help: 'the earliest windows where every --item NAME=QTY is free' },
  duration: { value: 'length', help: 'with --find: how long (2d, 36h)' },
  limit: { value: 'n', help: 'with --find: at most n windows (default 5)' },
  includeTentative: { help: 'with --find: count quotes as holding too' },
} as const satisfies FlagDecls;

export const availabilityCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.availability,
  examples: [
    'rentals availability --range 2026-06 --daily --item "20x20 Frame Tent"',
    'rentals availability --find --item "20x20 Frame Tent=6" --duration 2d --from today --to +8w',
  ],
  flags: AVAILABILITY_FLAGS,
  view: (options) => (options.daily ? 'grid' : 'records'),
  handler: async (factory, options) => {
    const items = conceptValues('item', options);
    if (options.find) {
      if (options.daily || options.category !== undefined) throw new UsageError('--find takes --item NAME=QTY…, not --daily or --category');
      const limit = positiveInt(options.limit, '--limit');
      return findWindows(factory, { range: rangeOf(options), asks: items, duration: options.duration, limit, includeTentative: options.includeTentative === true });
    }
    if (options.duration !== undefined || options.includeTentative) throw new UsageError('--duration and --include-tentative go with --find');
    return availability(factory, { range: rangeOf(options), items, category: options.category, daily: options.daily === true, all: options.all === true });
  },
});
