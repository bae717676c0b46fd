// What `rentals mcp` does not offer an assistant, in one place, each with its reason (docs/assistant.md
// lists them): the commands and the options that make no sense for an assistant, or that would let
// it reach beyond the calendar. Every other command is a tool (tools.ts).

/** Commands by their words (`auth login`), each with why it is no tool. */
export const LEFT_OUT_COMMANDS: Readonly<Record<string, string>> = {
  mcp: 'the server itself',
  sandbox: 'runs a server until it is stopped; start one yourself and point the profile at it',
  help: "a tool's description and input schema are its help",
  completion: 'shell completion scripts, for people at a terminal',
  __complete: 'shell completion candidates, for the completion scripts',
  'auth login': "stores credentials, asked for at a terminal: the user's business, never the assistant's",
  'auth status': 'shows where the credentials come from (the token masked): the server runs with the profile it was started with',
  'auth logout': 'would remove the credentials the server itself runs with',
  'config set': 'changes the settings of the profile the server runs with (its API address, time zone, holds): the user decides those',
  'config unset': 'removes a setting of the profile the server runs with: the user decides those',
  'inventory apply': 'applies a plan file written by --plan, which no tool writes: a dryRun, then the same call without it, does as much',
  'prices apply': 'applies a plan file written by --plan, which no tool writes: a dryRun, then the same call without it, does as much',
  'bookings apply': 'applies a plan file written by --plan, which no tool writes: a dryRun, then the same call without it, does as much',
  api: 'any request to any path: its writes would go around the booking rules that every other write obeys',
};

/** Options by their key in a command's declaration (`browser` for `--browser`), each with why no tool takes it. */
export const LEFT_OUT_OPTIONS: Readonly<Record<string, string>> = {
  browser: 'opens a browser on the machine the server runs on',
  out: 'writes a file on the machine the server runs on (the tool answers with the document instead)',
  plan: 'writes a plan file on the machine the server runs on (dryRun shows the plan instead)',
  report: 'writes a report file on the machine the server runs on (the history records every write)',
  force: 'replaces a file on the machine the server runs on',
  resume: 'reads and extends a report file of an earlier run',
  undo: 'takes back what a report file says (the undo tool takes back a write through the history)',
  paper: 'the page size of -o html; a tool answers in JSON',
};
