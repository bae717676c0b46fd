// The top-level commands and groups as the tool lists them (root help, suggestions, completion's
// first word) before their modules are loaded: a run imports the module of the one it names
// (catalog.ts). Each module takes its heading from here, so the two cannot disagree.

import { HELP_TOPICS } from '../help-topics.js';
import type { CommandHeading } from '../registry/spec.js';

export const TOP_LEVEL = {
  availability: { name: 'availability', summary: 'Units owned, booked at the peak moment and free, per item, over a range' },
  timeline: { name: 'timeline', summary: "The fleet's stock over time, a bar per event holding it, shortages first" },
  agenda: { name: 'agenda', summary: 'The events of a range by day: windows, items, totals (-o ics, -o html)' },
  loadSheet: { name: 'load-sheet', summary: "The warehouse's pick list: what goes out and comes back each day" },
  check: { name: 'check', summary: 'Lint the calendar: overbookings, prices, inactive items, dates out of order, missing references' },
  report: { name: 'report', summary: 'Utilization or revenue over a range, by item, month or status' },
  history: { name: 'history', summary: "The tool's writes, newest first: each command's records before and after" },
  undo: { name: 'undo', summary: 'Put back what a command wrote (the last one by default), through the same rules' },
  auth: { name: 'auth', summary: 'Log in, see where settings come from, log out' },
  config: { name: 'config', summary: 'Read and change the settings of a profile' },
  api: { name: 'api', summary: 'Make an authenticated request to any API path and print the response body' },
  sandbox: { name: 'sandbox', summary: 'Run a local server that implements the whole API (for trying, demos and tests)' },
  snapshot: { name: 'snapshot', summary: 'Write every record of the service as one JSON document (to audit, diff, or seed the sandbox)' },
  diff: { name: 'diff', summary: 'What changed between two snapshots, or a snapshot and the service (--live)' },
  mcp: { name: 'mcp', summary: "Serve the calendar's commands as tools to an AI assistant (Model Context Protocol, over stdio)" },
  help: { name: 'help', summary: `Show the help of a command, or of a topic: ${HELP_TOPICS.map((t) => t.name).join(', ')}` },
  completion: { name: 'completion', summary: 'Print the shell completion script for bash, zsh or fish' },
  complete: { name: '__complete', hidden: true, summary: 'Completion candidates for the words typed so far (used by the completion scripts)' },
} as const satisfies Record<string, CommandHeading>;
