// Names for completion, cached per base URL for a few minutes in the config directory, so a TAB
// costs no request while the cache is fresh. A missing or stale entry is fetched once, with a
// short timeout and no retries: a slow or unreachable server must never hang the shell. While
// fresh, they also tell a run whether a bare number (`inventory get 7`) may be a name
// (data/catalog.ts Catalog.reference), without a request.

import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../../common/atomic-file.js';
import type { ResourceName } from '../../resources/definitions.js';

const NAME_CACHE_TTL_MS = 5 * 60_000;
export const NAME_FETCH_TIMEOUT_MS = 1500;
const FILE = join('cache', 'completion-names.json');

interface Entry {
  fetchedAt: number;
  names: string[];
}
type CacheFile = Record<string, Partial<Record<ResourceName, Entry>>>;

export class NameCache {
  constructor(
    private readonly configDir: string,
    private readonly now: () => number,
  ) {}

  /** Cached names of `resource` at `baseUrl`, or `fetch()`ed and stored; [] when that fails. */
  async names(baseUrl: string, resource: ResourceName, fetch: () => Promise<string[]>): Promise<string[]> {
    const file = await this.read();
    const entry = file[baseUrl]?.[resource];
    if (entry && this.isFresh(entry)) return entry.names;
    let names: string[];
    try {
      names = await fetch();
    } catch {
      return entry?.names ?? [];
    }
    (file[baseUrl] ??= {})[resource] = { fetchedAt: this.now(), names };
    await this.write(file).catch(() => undefined);
    return names;
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
