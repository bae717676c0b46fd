// The changelog is for users, in Keep a Changelog's form: an [Unreleased] section and one per
// version with its date, each with the sections Added, Changed, Deprecated, Removed, Fixed and
// Security, each entry one line. The package's version has its section (the man page takes its
// date from it).

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readDoc } from './markdown.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const lines = readDoc('CHANGELOG.md').split('\n');

describe('CHANGELOG.md', () => {
  test('has [Unreleased] first, then versions with their dates, newest first', () => {
    const versions = lines.filter((line) => line.startsWith('## '));
    expect(versions[0]).toBe('## [Unreleased]');
    for (const heading of versions.slice(1)) expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
    expect(versions.some((v) => v.startsWith(`## [${pkg.version}] - `)), `a section for the package's version, ${pkg.version}`).toBe(true);
    const dates = versions.slice(1).map((v) => v.slice(-10));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("uses Keep a Changelog's sections only, and one line per entry", () => {
    for (const heading of lines.filter((line) => line.startsWith('### '))) expect(['### Added', '### Changed', '### Deprecated', '### Removed', '### Fixed', '### Security']).toContain(heading);
    const continued = lines.filter((line, index) => /^\s+\S/.test(line) && lines[index - 1]?.startsWith('- '));
    expect(continued, 'an entry is one line').toEqual([]);
  });
});
