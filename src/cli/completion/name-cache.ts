// Names for completion, cached per base URL for a few minutes in the config directory, so a TAB
// costs no request while the cache is fresh. A missing or stale entry is fetched once, with a
// short timeout and no retries: a slow or unreachable server must never hang the shell. While
// fresh, they also tell a run whether a bare number (`inventory get 7`) may be a name
// (data/catalog.ts Catalog.reference), without a request.

import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../../common/atomic-file.js';
import type { OfferedName, RecordNames } from '../../app/record-names.js';
import type { ResourceName } from '../../resources/definitions.js';

const NAME_CACHE_TTL_MS = 5 * 60_000;
const FILE = join('cache', 'completion-names.json');

interface Entry {
  fetchedAt: number;
  /** Every record's name (a bare number that is one is read as a name: `fresh`). */
  names: string[];
  /** What TAB offers (a name, or an id where the name would be refused); absent in a file of an earlier version. */
  offered?: OfferedName[];
}
type CacheFile = Record<string, Partial<Record<ResourceName, Entry>>>;

export class NameCache {
  constructor(
    private readonly configDir: string,
    private readonly now: () => number,
  ) {}

  /** What TAB offers of `resource` at `baseUrl`, cached or `fetch()`ed and stored; [] when that fails. */
  async names(baseUrl: string, resource: ResourceName, fetch: () => Promise<RecordNames>): Promise<OfferedName[]> {
    const file = await this.read();
    const entry = file[baseUrl]?.[resource];
    const cached = Array.isArray(entry?.offered) ? entry.offered : undefined;
    if (entry && cached && this.isFresh(entry)) return cached;
    let fetched: RecordNames;
    try {
      fetched = await fetch();
    } catch {
      return cached ?? [];
    }
    (file[baseUrl] ??= {})[resource] = { fetchedAt: this.now(), ...fetched };
    await this.write(file).catch(() => undefined);
    return fetched.offered;
  }

  /** The names cached of `resource` at `baseUrl` while fresh, else undefined; never a request. */
  async fresh(baseUrl: string, resource: ResourceName): Promise<readonly string[] | undefined> {
    const entry = (await this.read())[baseUrl]?.[resource];
    return entry && this.isFresh(entry) && Array.isArray(entry.names) ? entry.names : undefined;
  }

  private isFresh(entry: Entry): boolean {
    return this.now() - entry.fetchedAt < NAME_CACHE_TTL_MS;
  }

  private async read(): Promise<CacheFile> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(join(this.configDir, FILE), 'utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CacheFile) : {};
    } catch {
      return {};
    }
  }

  /** Names of records are business data: the file is private to the user, like the config file. */
  private async write(file: CacheFile): Promise<void> {
    await fs.mkdir(join(this.configDir, 'cache'), { recursive: true, mode: 0o700 });
    await writeFileAtomically(join(this.configDir, FILE), JSON.stringify(file));
  }
}
