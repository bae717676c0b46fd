// The settings part of a run: the settings in force, resolved once from the global flags, the
// environment and the config file (config/settings.ts), and what is read of them late (the time
// zone). Nothing here makes a client or reads the service.

import { type DocumentSettings, type Settings, resolveSettings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import type { GlobalOptions } from '../global-flags.js';

export class RunSettings {
  private constructor(
    readonly settings: Settings,
    readonly globals: GlobalOptions,
    private readonly stderr: (text: string) => void,
  ) {}

  /** `createsProfile`: the command writes the profile (auth login, config set), so a new name is no mistake. */
  static async resolve(ctx: Context, flags: GlobalOptions, options: { createsProfile?: boolean } = {}): Promise<RunSettings> {
    const globals: GlobalOptions = { ...flags, debug: flags.debug === true || debugFromEnv(ctx.env) ? true : undefined };
    const warnings: string[] = [];
    const settings = await resolveSettings(globals, ctx.env, ctx.homedir, { stdin: () => ctx.term.stdin, warnings, ...(ctx.systemZone ? { systemZone: ctx.systemZone } : {}) }).catch((error: unknown) => {
      // A value replaced by its default may be why the run stops (RENTALS_ALLOW_INSECURE_TOKEN_FILE=on before a refused --token-file): said first.
      for (const warning of warnings) ctx.term.stderr.write(`${warning}\n`);
      throw error;
    });
    if (!options.createsProfile) {
      const unknown = unknownProfileProblem(settings);
      if (unknown) throw new UsageError(unknown);
    }
    return new RunSettings(settings, globals, (text) => void ctx.term.stderr.write(text));
  }

  /** The warnings of the settings (values replaced by defaults), on stderr once. */
  showWarnings(): void {
    for (const warning of this.settings.warnings.splice(0)) this.stderr(`${warning}\n`);
  }

  /** The settings of the page, read once a run. */
  private document: DocumentSettings | undefined;

  /** The settings of the customer's page; a value of the environment or a profile that breaks its rule is a warning on stderr, once a run. */
  documentSettings(): DocumentSettings {
    if (this.document !== undefined) return this.document;
    const warnings: string[] = [];
    this.document = this.settings.document(warnings);
    for (const warning of warnings) this.stderr(`${warning}\n`);
    return this.document;
  }

  /** The calendar's time zone (the `timezone` setting); a bad --timezone is exit 2. */
  timeZone(): string {
    const warnings: string[] = [];
    const zone = this.settings.timeZone(warnings).value!;
    for (const warning of warnings) this.stderr(`${warning}\n`);
    return zone;
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

/** RENTALS_DEBUG=1 (or true, yes) is --debug. */
export function debugFromEnv(env: Record<string, string | undefined>): boolean {
  return /^(1|true|yes|on)$/i.test(env.RENTALS_DEBUG ?? '');
}
