// The handlers of `rentals completion <shell>` and the hidden `rentals __complete`: text views.

import type { Command } from 'commander';
import { hasControl } from '../../common/sanitize.js';
import { quickSettings } from '../../config/settings.js';
import { readConfig } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { TextView } from '../../output/views.js';
import type { ResourceName } from '../../resources/definitions.js';
import type { Factory } from '../../app/factory.js';
import { type OfferedName, recordNames } from '../../app/record-names.js';
import { type CompletionSources, complete } from './complete.js';
import { NameCache } from './name-cache.js';
import { completionScript, formatCandidate } from './scripts.js';
import { SHELLS, type Shell } from './shells.js';
import { argumentValues, optionValues } from './sources.js';
import { bashReplacement, lexBashLine } from './bash-line.js';


function parseShell(value: string | undefined): Shell {
  if (SHELLS.includes(value as Shell)) return value as Shell;
  throw new UsageError(`completion: unknown shell ${JSON.stringify(value ?? '')} (use ${SHELLS.join(', ')})`);
}

export function completionScriptView(shell: string | undefined): TextView {
  return { kind: 'text', text: completionScript(parseShell(shell)) };
}

/**
 * bash splits `--output=js` into `--output`, `=`, `js`: join them back, and remember the prefix
 * bash will not replace (only the word after `=` is the word being completed).
 */
function joinBashEquals(words: string[]): { words: string[]; strip: string } {
  const out: string[] = [];
  let strip = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const last = out[out.length - 1];
    if (word === '=' && last?.startsWith('--')) {
      out[out.length - 1] = `${last}=`;
      strip = i === words.length - 1 ? out[out.length - 1]! : '';
      continue;
    }
    if (last?.endsWith('=') && words[i - 1] === '=') {
      out[out.length - 1] = `${last}${word}`;
      strip = i === words.length - 1 ? last : '';
      continue;
    }
    out.push(word);
    strip = '';
  }
  return { words: out, strip };
}

/** What completion uses of the run: the settings (made quick for a TAB), the clock, the API for names. */
export type CompletionDeps = Pick<Factory, 'settings' | 'now' | 'api'>;

/** bash's line up to the cursor and the text readline replaces (`$2` of the completion function). */
export interface BashTyped {
  line: string;
  replaced: string;
}

export async function completeView(
  deps: CompletionDeps,
  root: Command,
  shellName: string | undefined,
  typed: string[],
  topics: () => string[],
  bash?: BashTyped,
): Promise<TextView> {
  const shell = parseShell(shellName);
  const lexed = bash === undefined ? undefined : lexBashLine(bash.line);
  // Scripts of earlier versions pass bash's words, split at "=": put back together.
  const { words, strip } = lexed !== undefined ? { words: lexed.words.slice(1), strip: '' } : shell === 'bash' ? joinBashEquals(typed) : { words: typed, strip: '' };
  // A TAB must never wait: one try, bounded by a short timeout, whatever the profile says.
  const settings = deps.settings();
  quickSettings(settings, 'completion');
  const cache = new NameCache(settings.configDir, deps.now);
  const sources: CompletionSources = {
    optionValues,
    argumentValues: (command, index, before) => argumentValues(command, index, before, topics),
    names: (resource) => namesOf(deps, cache, resource),
    profiles: async () => Object.keys((await readConfig(settings.configDir)).profiles).sort(),
  };
  const found = await complete(root, words.length === 0 ? [''] : words, sources);
  if (found === 'files') return { kind: 'text', text: ':files' };
  // A candidate goes to the shell's line and the terminal raw: one with a control character (a
  // name cached before such names were offered by id, a profile written by hand) is never offered.
  const safe = found.filter((c) => !hasControl(c.value));
  if (lexed !== undefined) {
    const replacements = safe.map((c) => bashReplacement(lexed, bash!.replaced, c.value)).filter((r): r is string => r !== undefined);
    return { kind: 'text', text: replacements.join('\n') };
  }
  const lines = safe.map((c) => formatCandidate(shell, strip && c.value.startsWith(strip) ? c.value.slice(strip.length) : c.value, c.description));
  return { kind: 'text', text: lines.join('\n') };
}

async function namesOf(deps: CompletionDeps, cache: NameCache, resource: ResourceName): Promise<OfferedName[]> {
  const baseUrl = deps.settings().baseUrl.value;
  if (!baseUrl) return [];
  return cache.names(baseUrl, resource, () => recordNames(deps, resource));
}
