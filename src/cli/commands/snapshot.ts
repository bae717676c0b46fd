// `rentals snapshot` and `rentals diff`: every resource as one JSON document, and what changed
// between two of them (or a snapshot and the live service), per record and field. Parsing only:
// the use cases are in app/snapshot.ts.

import { diff, snapshot, snapshotToStdout } from '../../app/snapshot.js';
import { defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

export const snapshotCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.snapshot,
  help: `
The document holds every resource, nested ones (prices, bookings) with their parent field. It is
written as it is read, so memory stays bounded by the largest single list; with --out the file is
written beside the target (mode 0600) and renamed when complete. An existing --out file is
replaced only with --force. To standard output nothing is written until the first list has been
read (a service out of reach or a token refused leaves it empty); a failure after that exits
non-zero and says the document on stdout is incomplete. diff and sandbox --from-snapshot read
it back under the same checks.
`,
  examples: ['rentals snapshot --out before.json', 'rentals snapshot | jq \'.resources.inventory | length\'', 'rentals sandbox --from-snapshot before.json'],
  flags: {
    out: { value: 'file', help: 'write to this file instead of standard output' },
    force: { help: 'replace the --out file if it exists' },
  },
  view: (options) => (snapshotToStdout(options) ? 'raw' : 'done'),
  handler: (factory, options) => snapshot(factory, { out: options.out, force: options.force === true }),
});

export const diffCommand = defineViewCommand({
  effect: 'reads',
  ...TOP_LEVEL.diff,
  args: '<before> [after]',
  help: `
One row per change: a record added or removed, or one field of a record changed. The same value
written two ways (1 and "1", 12.5 and "12.50", a datetime with or without .000) is no change;
Links are ignored. A record added or removed is shown without its Links: in a table as one line
of its fields, in json and ndjson as the record, in csv and tsv as its compact JSON. Ids are
numbers. Snapshots of different services (their "source") are compared all the same, with a
warning on stderr naming both. Exit 0 when nothing changed, 1 when something did (like diff(1)).
A snapshot is read in any order (keys sorted by jq -S, records out of id order), in bounded memory.
`,
  examples: ['rentals diff before.json after.json', 'rentals snapshot | rentals diff before.json -', 'rentals diff before.json --live --only prices', "rentals diff before.json --live -o json | jq '.data | length'"],
  flags: {
    live: { help: 'compare with the service as it is now' },
    only: { value: 'resources', help: 'comma-separated resources to compare (e.g. prices,inventory)' },
  },
  view: 'diff',
  handler: (factory, options, [before, after]) => diff(factory, { before, after, live: options.live === true, only: options.only }),
});
