// `rentals timeline [--item X …] [--category C] [--from --to | --range]`: each item's stock over time
// and one bar per event holding it (firm █, quote ░), shortages marked (! short, ? short if every
// quote confirms) and red where colour is on; fitted to the terminal (paged when long). Without
// --item, the fleet: every active item (of --category where the service says which), those short
// first. `-o html` (or pdf) is the same picture as a page; tsv, csv, json and ndjson give the intervals
// (app/calendar/timeline.ts).

import { timeline } from '../../../app/calendar/timeline.js';
import { defineViewCommand } from '../../registry/spec.js';
import { conceptValues } from '../../vocabulary.js';
import { CATEGORY_FLAG, RANGE_FLAGS, itemListFlag, rangeOf } from './options.js';
import { TOP_LEVEL } from '../top-level.js';

export const timelineCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.timeline,
  help: '\n█ firm, ░ quote; the free row: ! short, ? short if every quote confirms.\n',
  examples: [
    'rentals timeline --range this-week                              # the whole fleet, shortages first',
    'rentals timeline --item "20x20 Frame Tent" --from mon --to sun',
    'rentals timeline --range next-month -o html > fleet.html',
  ],
  flags: { ...RANGE_FLAGS, ...itemListFlag('the item to draw; repeatable'), ...CATEGORY_FLAG },
  view: 'picture',
  page: 'the fleet at a glance, then each item',
  handler: (factory, options) => timeline(factory, { range: rangeOf(options), items: conceptValues('item', options), category: options.category }),
});
