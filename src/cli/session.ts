// One invocation's lazily built dependencies (settings, printer, HTTP client), from the
// global flags and the injected context. Commands ask for what they need; nothing more loads.

import { ApiClient } from '../api/client.js';
import type { RequestLogEntry, TokenProvider } from '../api/http-types.js';
import { ResourceApi, type WriteJournal } from '../api/resource-api.js';
import { HistoryWriter, historyDir, redactedCommand } from '../config/history.js';
import { truncate } from '../common/text.js';
import {
  StoredCredentials,
  credentialsWithheld,
  insecureHttpAllowed,
  missingCredentialsMessage,
  withheldMessage,
} from '../api/credentials.js';
import { Catalog, type CatalogOptions } from '../data/catalog.js';
import { NameResolver } from '../data/resolver.js';
import { type GlobalFlags, type Settings, resolveSettings } from '../config/settings.js';
import { refuseOpenSecretFile } from '../config/file-mode.js';
import { configFilePath, hasClientCredentials } from '../config/store.js';
import { AuthError, UsageError } from '../errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/json-depth.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../output/format.js';
import { VIEW_FORMATS, checkFormat } from '../output/formats.js';
import { Printer } from '../output/printer.js';
import type { View, ViewFormat } from '../output/views.js';
import type { Context } from './context.js';
import { pagerCommand } from './pager.js';
import type { OutputFile } from './output-file.js';
import { type Notices, noticesOf } from '../output/notices.js';

export interface GlobalOptions extends GlobalFlags {
  output?: string;
  /** --out FILE: the output to this file (its format from -o, else from its extension). */
  out?: string;
  json?: boolean;
  fields?: string;
  jq?: string;
  /** false with --no-pager. */
  pager?: boolean;
  color?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  debug?: boolean;
}

export class Session {
  private client?: ApiClient;
  private credentials?: StoredCredentials;
  private dataCatalog?: Catalog;
  private writes?: { journal: WriteJournal; history: HistoryWriter };
  /** The history entry this run undoes (`rentals undo`), noted on its own entry. */
  private undoing?: string;

  private constructor(
    readonly ctx: Context,
    readonly globals: GlobalOptions,
    readonly settings: Settings,
    readonly printer: Printer,
    /** No flag, variable or profile chose the format: the terminal did (table, or tsv when piped). */
    private readonly formatDefaulted = false,
  ) {}

  /** `createsProfile`: the command writes the profile (auth login, config set), so a new name is no mistake. */
  static async create(ctx: Context, flags: GlobalOptions, options: { createsProfile?: boolean } = {}): Promise<Session> {
    const globals: GlobalOptions = { ...flags, debug: flags.debug === true || debugFromEnv(ctx.env) };
    const settings = await resolveSettings(globals, ctx.env, ctx.homedir, () => ctx.term.stdin);
    if (!options.createsProfile) {
      const unknown = unknownProfileProblem(settings);
      if (unknown) throw new UsageError(unknown);
    }
    const output = globals.out === undefined ? undefined : await outputFile(globals.out);
    const { format, defaulted: formatDefaulted } = chooseFormat(globals, settings, ctx.term.stdoutIsTTY && output === undefined, output?.format);
    // -o ics reads the time zone: a bad --timezone is refused now, before any request (its use resolves it again).
    if (format === 'ics') settings.timeZone([]);
    for (const warning of settings.warnings) ctx.term.stderr.write(`${warning}\n`);
    // --out: what stdout would get goes to the file (not a terminal: machine formats, no pager, no colour).
    const outFile = await output?.open();
    const term = outFile ? { ...ctx.term, stdout: outFile.stream, stdoutIsTTY: false, columns: 0 } : ctx.term;
    const pager = term.stdoutIsTTY && globals.pager !== false && ctx.startPager ? pagerCommand(ctx.env) : undefined;
    const printer = new Printer(term, {
      format,
      currency: () => settings.document().currency,
      fields: parseFieldList(globals.fields),
      color: colorEnabled(globals, { ...ctx, term }),
      quiet: globals.quiet === true,
      jq: globals.jq,
      pager: pager === undefined ? undefined : () => ctx.startPager!(pager, ctx.env),
    });
    // A question needs the terminal: the pager, if one is showing output, is closed first.
    const asking: Context = {
      ...ctx,
      term,
      confirm: async (question) => (await printer.releaseTerminal(), ctx.confirm(question)),
      promptSecret: async (question) => (await printer.releaseTerminal(), ctx.promptSecret(question)),
    };
    const session = new Session(asking, globals, settings, printer, formatDefaulted);
    session.outFile = outFile;
    return session;
  }

  /** --out's file, written in place once the command has printed everything. */
  private outFile?: OutputFile;

  /** After the command: --out's file takes its place (`done`), or is dropped and the target left as it was. */
  async settleOutput(done: boolean): Promise<void> {
    if (!this.outFile) return;
    const file = this.outFile;
    this.outFile = undefined;
    if (done) await file.commit();
    else await file.discard();
  }

  /** Lines for people on stderr while a handler runs (notices silenced by --quiet, warnings not). */
  notices(): Notices {
    return noticesOf(this.printer);
  }

  /** -q: notices and progress are silenced. */
  quiet(): boolean {
    return this.printer.options.quiet;
  }

  /** The columns chosen with --fields. */
  fields(): string[] | undefined {
    return this.printer.options.fields;
  }

  /** Piped with no format chosen, this one instead of tsv (export: csv with its header, what import reads). */
  preferPipedFormat(format: OutputFormat): void {
    if (this.formatDefaulted && !this.ctx.term.stdoutIsTTY) this.printer.options.format = format;
  }

  /** This format when nobody chose one, at a terminal too (an export for a spreadsheet: csv). */
  preferFormat(format: OutputFormat): void {
    if (this.formatDefaulted) this.printer.options.format = format;
  }

  /** Refuses, before anything is sent, a format that the command's view cannot print (exit 2). */
  expectView(kind: View['kind'], hasPage = false): void {
    checkFormat(kind, this.printer.options.format, hasPage);
  }

  /** The calendar's time zone (the `timezone` setting); a bad --timezone is exit 2. */
  timeZone(): string {
    const warnings: string[] = [];
    const zone = this.settings.timeZone(warnings).value!;
    for (const warning of warnings) this.ctx.term.stderr.write(`${warning}\n`);
    return zone;
  }

  /** The base URL, or exit 3 with how to set it. */
  requireBaseUrl(): string {
    const baseUrl = this.settings.baseUrl.value;
    if (!baseUrl) {
      // The command needs a profile: say that the one named does not exist (even with no profiles at all).
      const { profileName, profileExists, knownProfiles } = this.settings;
      if (!profileExists && profileName.source !== 'default' && knownProfiles.length === 0) {
        this.ctx.term.stderr.write(`warning: ${profileName.origin}: no profile "${profileName.value}" in the config file (it holds none yet)\n`);
      }
      const missing: Array<'base URL' | 'access token'> = ['base URL'];
      if (!this.settings.token.value && !hasClientCredentials(this.settings.profile)) missing.push('access token');
      throw new AuthError(missingCredentialsMessage(this.settings, missing));
    }
    return baseUrl;
  }

  /** The authenticated client; fails with exit 3 before any request when credentials are missing. Every write through it goes into the history. */
  api(): ResourceApi {
    return new ResourceApi(this.httpClient(), this.journal());
  }

  /** The run's entry in the history of writes (config/history.ts), opened at its first write. */
  private journal(): WriteJournal {
    if (!this.writes) {
      const history = new HistoryWriter(historyDir(this.settings.configDir), () => ({
        command: redactedCommand(this.ctx.argv ?? []),
        baseUrl: this.settings.baseUrl.value ?? '',
        undoes: this.undoing,
        now: this.ctx.now(),
      }));
      const warn = (message: string) => this.ctx.term.stderr.write(`${message}\n`);
      this.writes = { history, journal: { seen: new Map(), wrote: (record) => history.record(record, warn) } };
    }
    return this.writes.journal;
  }

  /** Notes in this run's entry that its record `to` brings back the deleted record `from` (`rentals undo`). */
  broughtBack(resource: string, from: number, to: number): void {
    this.writes?.history.replaced(resource, from, to, (message) => this.ctx.term.stderr.write(`${message}\n`));
  }

  /** This run undoes `entry` (its own entry says so); the id of this run's entry once it wrote. */
  historyEntry(undoes?: string): string | undefined {
    if (undoes !== undefined) this.undoing = undoes;
    return this.writes?.history.id;
  }

  /** The run's data catalog: every list read at most once; no request until a read. */
  /** The run's data catalog; `options` apply when it is first made (the bulk commands make it first). */
  catalog(options?: CatalogOptions): Catalog {
    this.dataCatalog ??= new Catalog(() => this.api(), { ...options, warn: (text) => this.notices().warn(text) });
    return this.dataCatalog;
  }

  /** Names → ids for id flags, through the run's catalog. */
  names(): NameResolver {
    return new NameResolver(this.catalog());
  }

  httpClient(options: { maxSockets?: number } = {}): ApiClient {
    if (this.client) return this.client;
    const baseUrl = this.requireBaseUrl();
    const credentials = new StoredCredentials(this.settings, this.ctx.now);
    if (!credentials.usable) {
      const withheld = credentialsWithheld(this.settings);
      throw new AuthError(withheld ? withheldMessage(this.settings, withheld) : missingCredentialsMessage(this.settings, ['access token']));
    }
    if (credentials.usesStoredSecrets) {
      const file = configFilePath(this.settings.configDir);
      refuseOpenSecretFile(file, `the config file ${file}, which holds the credentials of profile "${this.settings.profileName.value}"`, this.settings.allowInsecureTokenFile);
    }
    this.credentials = credentials;
    this.client = this.newClient(baseUrl, options.maxSockets);
    this.credentials.attach(this.client);
    return this.client;
  }

  /**
   * A client with the session's settings; `auth` false for none (/authorize), or a provider of its
   * own (auth login's check). Plain http:// to a non-loopback host carries credentials only when the
   * profile opted in for this base URL, or `allowInsecureHttp` says so (auth login --insecure-http).
   */
  newClient(baseUrl: string, maxSockets?: number, auth: TokenProvider | boolean = true, allowInsecureHttp = insecureHttpAllowed(this.settings)): ApiClient {
    const verbose = this.globals.verbose === true || this.globals.debug === true;
    return new ApiClient({
      baseUrl,
      auth: auth === true ? this.credentials : auth === false ? undefined : auth,
      allowInsecureHttp,
      env: this.ctx.env,
      timeoutMs: this.settings.timeoutMs.value,
      retries: this.settings.retries.value,
      sleep: this.ctx.sleep,
      debug: this.globals.debug === true,
      maxSockets,
      log: verbose ? (entry) => this.ctx.term.stderr.write(formatLogEntry(entry)) : undefined,
      notice: (message) => this.ctx.term.stderr.write(`${message}\n`),
    });
  }

  close(): void {
    this.client?.close();
    this.writes?.history.close();
  }
}

/**
 * A profile named by --profile, RENTALS_PROFILE or the config file that the config file does not
 * hold: a usage error, whatever else the environment sets (a typo must not pass for RENTALS_TOKEN's
 * profile). `auth login` and `config set` create it instead.
 */
function unknownProfileProblem(settings: Settings): string | undefined {
  const { profileName, knownProfiles, profileExists } = settings;
  if (profileExists || profileName.source === 'default') return undefined;
  const held = knownProfiles.length > 0 ? `profiles: ${knownProfiles.join(', ')}` : 'it holds none yet';
  return `${profileName.origin}: no profile "${profileName.value}" in the config file (${held}); create it with rentals auth login --profile ${profileName.value} --base-url <url>`;
}

/**
 * `-o ics` is accepted here and checked against the command's view by the output layer; as a
 * default (RENTALS_OUTPUT, a profile) it would break every other command, so it is not one.
 */
/** The format, and whether nobody chose it (the default of a terminal or a pipe). */
function chooseFormat(globals: GlobalOptions, settings: Settings, stdoutIsTTY: boolean, outFileFormat?: ViewFormat): { format: ViewFormat; defaulted: boolean } {
  const chosen = (format: ViewFormat) => ({ format, defaulted: false });
  if (globals.jq !== undefined) {
    // jq reads JSON: the body as -o json prints it (or -o ndjson's lines, one value each).
    if (globals.output !== undefined && globals.output !== 'json' && globals.output !== 'ndjson') {
      throw new UsageError(`--jq filters JSON: use it with -o json or -o ndjson, not -o ${globals.output}`);
    }
    return chosen(globals.output === 'ndjson' ? 'ndjson' : 'json');
  }
  if (globals.json) return chosen('json');
  // --out prices.xlsx: the file's extension, when -o names no format.
  if (globals.output === undefined && outFileFormat) return chosen(outFileFormat);
  const given = globals.output ?? settings.output.value;
  if (given !== undefined) {
    const accepted = globals.output !== undefined ? VIEW_FORMATS : OUTPUT_FORMATS;
    if (accepted.includes(given as ViewFormat)) return chosen(given as ViewFormat);
    const origin = globals.output !== undefined ? '--output' : settings.output.origin;
    const problem = `${origin}: unknown output format ${JSON.stringify(given)} (use ${accepted.join(', ')})`;
    if (globals.output !== undefined) throw new UsageError(problem);
    settings.warnings.push(`warning: ${problem}; using the default`);
  }
  return { format: stdoutIsTTY ? 'table' : 'tsv', defaulted: true };
}

/** --out FILE: the format its extension asks for, and the file opened (its module loads only for --out). */
async function outputFile(path: string): Promise<{ format: ViewFormat | undefined; open: () => Promise<OutputFile> }> {
  const { OutputFile, formatOfFile } = await import('./output-file.js');
  return { format: formatOfFile(path), open: () => OutputFile.open(path) };
}

/** RENTALS_DEBUG=1 (or true, yes) is --debug. */
export function debugFromEnv(env: Record<string, string | undefined>): boolean {
  return /^(1|true|yes|on)$/i.test(env.RENTALS_DEBUG ?? '');
}

function colorEnabled(globals: GlobalOptions, ctx: Context): boolean {
  if (globals.color === false) return false;
  if (ctx.env.NO_COLOR) return false;
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return ctx.term.stdoutIsTTY;
}

function parseFieldList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const fields = value
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--fields: give a comma-separated list of field names');
  return fields;
}

const SECRET_KEY = /token|secret|password|authorization/i;

/** Removes secrets from a JSON body before it is shown by --debug. */
function redactBody(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return text;
  if (nestsDeeperThan(text)) return `(a JSON body nested more than ${MAX_JSON_DEPTH} deep, not shown)`;
  try {
    return JSON.stringify(JSON.parse(text, (key, value: unknown) => (SECRET_KEY.test(key) && value ? '[redacted]' : value)));
  } catch {
    const redacted = text.replace(/((?:access_|refresh_)?token|secret|password)=[^&\s]*/gi, '$1=[redacted]');
    return truncate(redacted, 2001);
  }
}

function formatLogEntry(entry: RequestLogEntry): string {
  const outcome = entry.status !== undefined ? String(entry.status) : `failed: ${entry.error ?? 'unknown error'}`;
  const retry = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  const lines = [`* ${entry.method} ${entry.url} → ${outcome} in ${entry.ms} ms${retry}`];
  if (entry.requestHeaders) {
    for (const [k, v] of Object.entries(entry.requestHeaders)) lines.push(`> ${k}: ${v}`);
    const body = redactBody(entry.requestBody);
    if (body) lines.push(`> ${body}`);
  }
  if (entry.responseHeaders) {
    for (const [k, v] of Object.entries(entry.responseHeaders)) lines.push(`< ${k}: ${String(v)}`);
    const body = redactBody(entry.responseBody);
    if (body) lines.push(`< ${body}`);
  }
  return `${lines.join('\n')}\n`;
}
