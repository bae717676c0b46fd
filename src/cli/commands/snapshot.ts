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
Every resource, nested ones with their parent field, written as it is read
(memory bounded by one list). With --out: written beside the target (0600) and
renamed when complete (an existing file replaced only with --force); it prints
a sentence then, for -o table, json or ndjson.
To stdout: nothing until the first list is read; a later failure exits non-zero
and says the document is incomplete. diff and sandbox --from-snapshot read it.
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
  stdinArgs: { before: 'the snapshot before', after: 'the snapshot after' },
  help: `
One row per change: a record added or removed (its fields, without Links), or
one field changed. The same value written two ways (1 and "1", 12.5 and "12.50")
is no change; Links are ignored. Two services' snapshots: compared, with a
warning naming both. Exit 0 when nothing changed, 1 when something did.
`,
  examples: ['rentals diff before.json after.json', 'rentals snapshot | rentals diff before.json -', 'rentals diff before.json --live --only prices', "rentals diff before.json --live -o json | jq '.data | length'"],
  flags: {
    live: { help: 'compare with the service as it is now' },
    only: { value: 'resources', help: 'comma-separated resources to compare (e.g. prices,inventory)' },
  },
  view: 'diff',
  handler: (factory, options, [before, after]) => diff(factory, { before, after, live: options.live === true, only: options.only }),
});
