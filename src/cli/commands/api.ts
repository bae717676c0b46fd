// `rentals api <METHOD> <path>`: a raw authenticated call for what the commands do not cover (app/raw-call.ts).

import { METHODS, rawCall } from '../../app/raw-call.js';
import { defineViewCommand } from '../registry/spec.js';
import { TOP_LEVEL } from './top-level.js';

export const apiCommand = defineViewCommand({
  effect: 'changes',
  ...TOP_LEVEL.api,
  args: '<method> <path>',
  argValues: { method: METHODS },
  help: `
The raw escape hatch: the request is sent as given. None of the tool's own rules apply here —
no field validation, no booking rules (availability, prices, inactive items), no stock rule, no
check that the record answered is the one named, no --dry-run — so a booking written this way
may overbook. Its writes go around the writers: they are not in the history of writes, and
\`rentals undo\` cannot take them back. Use the resource commands for checked writes.
`,
  examples: [
    'rentals api GET /v2/status',
    "rentals api PUT /v1/inventory/7 --data '{\"id\":7,\"name\":\"Tent\",\"quantityAvailable\":3,\"active\":1}'",
    "rentals api GET /v1/events | jq '.data | length'",
  ],
  flags: {
    data: { concept: 'body' },
    file: { concept: 'bodyFile', description: 'request body from a JSON file ("-" for stdin)' },
  },
  view: 'raw',
  handler: (factory, options, [method, path]) => rawCall(factory, { method, path, data: options.data, file: options.file }),
});
