// The application layer's factory for one run (app/factory.ts), wired from the run's parts: its
// settings, its output, its client and its history. Every member is made on first use and kept
// for the run, so a command builds only what it touches: `inventory list` makes no calendar and
// no writer (calendar.ts and writers.ts load only when asked for). This folder is the one place
// of src/cli that imports the data and API layers (test/architecture.test.ts): commands get the
// factory, and their use cases take the members they need of it.

import type { BookingDeps, Factory, HistoryLog } from '../../app/factory.js';
import type { CalendarData } from '../../data/calendar.js';
import { Catalog } from '../../data/catalog.js';
import { NameResolver } from '../../data/resolver.js';
import type { ShortageAdvisor } from '../../data/shortage-advisor.js';
import { ResourceApi } from '../../api/resource-api.js';
import { dataDir } from '../../config/store.js';
import { holdRuleFor, writeRuleFor } from '../../domain/hold-policy.js';
import { wallTimeIn } from '../../domain/wall-time.js';
import type { Context } from '../context.js';
import type { ResourceName } from '../../resources/definitions.js';
import type { RunOutput } from '../session/output.js';
import type { RunSettings } from '../session/settings.js';
import { RunClient } from './client.js';
import { RunHistory, commandToTypeOf } from './history.js';
import type { Written } from '../../errors.js';

/** The factory of a run, and what ends the run's resources (its client, its history entry). */
export interface RunFactory extends Factory {
  /** The use case is done writing (see RunHistory.writesEnded): what to say of a Ctrl-C during its last write. */
  writesEnded(): string | undefined;
  /** The run has written to the server: see RunHistory.written; undefined before any write. */
  written(): Written | undefined;
  close(): void;
}

export interface RunParts {
  /** The context, its questions asked on a free terminal (RunOutput.asking). */
  ctx: Context;
  settings: RunSettings;
  output: RunOutput;
}

export function buildFactory({ ctx, settings: run, output }: RunParts): RunFactory {
  const { settings, globals } = run;
  const { term } = ctx;
  const history = new RunHistory(ctx, settings);
  const client = new RunClient({ ctx, settings, verbose: globals.verbose === true, debug: globals.debug === true, wrote: () => history.answered() });
  const api = () => new ResourceApi(client.http(), history.journal());
  let catalog: Catalog | undefined;
  // Whether a bare number may be a name, asked of the completion cache (read only then: no request, no module at startup).
  const knownNames = async (name: ResourceName) => {
    const baseUrl = settings.baseUrl.value;
    if (!baseUrl) return undefined;
    const { NameCache } = await import('../completion/name-cache.js');
    return new NameCache(settings.configDir, ctx.now).fresh(baseUrl, name);
  };
  const catalogOf = (options?: ConstructorParameters<typeof Catalog>[1]) =>
    (catalog ??= new Catalog(api, { ...options, warn: (text) => output.notices().warn(text), knownNames }));
  const holds = settings.holds.value!;
  const ruleOf = holdRuleFor(holds);
  const writeRule = writeRuleFor(settings.shopHolds, holds);
  // One clock for every wall time of the run: the timezone setting's, else this system's (read once: its warning said once).
  let zone: string | undefined;
  const timeZone = () => (zone ??= run.timeZone());
  const wallAt = (instant: number) => wallTimeIn(instant, timeZone());
  const wallNow = () => {
    const wall = wallAt(ctx.now());
    return wall - (wall % 60_000);
  };
  // The calendar, its advisor and the writers load their modules on first use, each made once.
  let calendar: Promise<CalendarData> | undefined;
  const calendarOf = (reading = {}) =>
    (calendar ??= (async () => {
      const { calendarOver } = await import('./calendar.js');
      return calendarOver(catalogOf(), output.notices(), reading, settings.turnaround);
    })());
  // Amounts for people in the shop's currency (the setting read when they are first shown).
  const currency = () => run.documentSettings().currency;
  let advisor: Promise<ShortageAdvisor> | undefined;
  const advisorOf = () =>
    (advisor ??= (async () => {
      const [{ advisorOver }, data] = await Promise.all([import('./calendar.js'), calendarOf()]);
      return advisorOver(data, { writeRule, alternatives: () => settings.alternatives.value ?? [], wallNow, notices: output.notices(), commandLine: () => commandToTypeOf(ctx), currency });
    })());
  let writers: Promise<BookingDeps> | undefined;
  const booking = () =>
    (writers ??= (async () => {
      const [{ writersOver }, data, ways] = await Promise.all([import('./writers.js'), calendarOf(), advisorOf()]);
      return writersOver({ calendar: data, advisor: ways, api, ruleOf, writeRule, wallNow, notices: output.notices(), currency });
    })());
  let historyLog: HistoryLog | undefined;

  return {
    baseUrl: () => client.baseUrl(),
    api,
    client: () => client.http(),
    clientTo: (baseUrl, token, insecureHttp) => client.newClient(baseUrl, undefined, token, insecureHttp),
    closeClient: () => client.close(),
    names: () => new NameResolver(catalogOf()),
    catalog: catalogOf,
    sizeClient: (maxSockets) => void client.http(maxSockets),
    describeRequest: async (method, path, body) => {
      const anonymous = client.newClient(client.baseUrl(), undefined, false);
      const { url, headers } = await anonymous.describe(method, path, body);
      anonymous.close();
      return { kind: 'request', method, url, headers, body };
    },
    calendar: calendarOf,
    holds: () => holds,
    ruleOf,
    advisor: advisorOf,
    booking,
    settings: () => settings,
    timeZone,
    documentSettings: () => run.documentSettings(),
    apiHost: () => {
      try {
        return new URL(client.baseUrl()).hostname || 'rentals';
      } catch {
        return 'rentals';
      }
    },
    env: () => ctx.env,
    // node:crypto loads only for a plan: `inventory list` and the like never pay for it.
    planKey: async () => (await import('../../config/plan-key.js')).loadPlanKey(settings.configDir),
    dataDir: () => dataDir(ctx.env, ctx.homedir),
    toolCall: () => ctx.toolCall === true,
    commandToType: (operands) => commandToTypeOf(ctx, operands),
    history: () => (historyLog ??= history.log()),
    notices: () => output.notices(),
    // A run that writes its own lines on stderr (a bulk run's progress and summary) takes the
    // notes there too, in order, instead of into the paged text.
    progress: () => (term.stderrIsTTY && !output.quiet() ? (output.printer.shareStderr(), (text) => void term.stderr.write(text)) : undefined),
    stderr: (text) => {
      output.printer.shareStderr();
      term.stderr.write(text);
    },
    fields: () => output.fields(),
    asker: () => (term.stdinIsTTY && term.stderrIsTTY ? (question) => ctx.confirm(question) : undefined),
    secretAsker: () => (term.stdinIsTTY ? (question) => ctx.promptSecret(question) : undefined),
    lineAsker: () => (term.stdinIsTTY && term.stderrIsTTY ? (question) => ctx.promptLine(question) : undefined),
    stdin: () => term.stdin,
    openBrowser: (url) => ctx.openBrowser(url),
    interrupts: () => {
      history.interruptsHandled();
      return { listen: ctx.onInterrupt, exitNow: ctx.exit };
    },
    now: ctx.now,
    sleep: ctx.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    wallNow,
    wallAt,
    writesEnded: () => history.writesEnded(),
    written: () => history.written(),
    close: () => {
      client.close();
      history.close();
    },
  };
}
