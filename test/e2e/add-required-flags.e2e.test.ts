// `add` without the flags a new record needs names each by the flag that gives it, as `add --help`
// lists it, and never a field that a default, another field or the writer fills: generated from
// the resource table over every resource with `add`.

import { describe, expect, test } from 'vitest';
import { type FieldDef, kebabCase, resources, writableFields } from '../../src/resources/definitions.js';
import { calendarSuite } from './calendar-fixtures.js';

const { rentals } = calendarSuite('Required');
const adding = Object.values(resources).filter((def) => def.verbs.includes('add'));

/** Fields a new record gets without a flag: a fixed default, a copy of another field, or the writer's value (a booking's price). */
const filledWithout = (def: (typeof adding)[number], field: FieldDef) =>
  def.createDefaults?.[field.name] !== undefined || def.createDefaultsFrom?.[field.name] !== undefined || (def.writerFills ?? []).includes(field.name);

describe.each(adding.map((def) => [def.command, def] as const))('%s add with no field flags', (command, def) => {
  test('each line names a flag add --help lists, and no field that has a default', async () => {
    const parent = def.parent ? [`--${kebabCase(def.parent.field)}`, '1'] : [];
    const help = (await rentals([command, 'add', '--help'])).stdout;
    const run = await rentals([command, 'add', ...parent]);
    expect(run.code, run.stderr).toBe(2);
    const named = [...run.stderr.matchAll(/(?:^|: |  - )(\S+): is required/gm)].map((m) => m[1]!);
    expect(named.length, run.stderr).toBeGreaterThan(0);
    for (const flag of named) {
      expect(flag, run.stderr).toMatch(/^--[a-z0-9-]+$/);
      expect(help, `${flag} in ${command} add --help`).toContain(`${flag} <`);
    }
    const required = writableFields(def).filter((field) => field.required && field.name !== def.parent?.field);
    for (const field of required) {
      const flag = `--${kebabCase(field.name)}`;
      if (filledWithout(def, field)) expect(named, `${flag} has a default`).not.toContain(flag);
      else expect(named, `${flag} is needed`).toContain(flag);
    }
  });
});

test('events add without dates names the start and the end only, each by its flag and alias', async () => {
  const run = await rentals(['events', 'add', '--event-name', 'X', '--event-status-id', 'Quoted', '--rental-block-id', 'Daily']);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toContain('--start-date: is required (also --start)');
  expect(run.stderr).toContain('--end-date: is required (also --end)');
  expect(run.stderr).not.toMatch(/dropoff|teardown|pickup|startDate|endDate/i);
});

test('add --file names the body fields it lacks, as the file writes them', async () => {
  const run = await rentals(['events', 'add', '--file', '-'], { input: '{"eventName": "X"}' });
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toContain('startDate: is required');
  expect(run.stderr).not.toContain('--start-date');
});
