// Type-level: a handler's options are the inferred type of its command's definition, so a
// misspelt option key fails `tsc` (npm test typechecks this file: an unused @ts-expect-error is an error).

import { expect, expectTypeOf, test } from 'vitest';
import { defineViewCommand } from '../../src/cli/registry/spec.js';
import { rangeOptions, writeGuards } from '../../src/cli/commands/calendar/options.js';
import type { Outcome, View } from '../../src/output/views.js';

test('a handler sees exactly the options its definition declares, shared groups included', () => {
  const command = defineViewCommand({
    name: 'probe',
    summary: 'a command that exists for its types',
    examples: [],
    options: (c) => writeGuards(rangeOptions(c).option('--item <name>')),
    view: 'records',
    deps: () => ({ answer: 42 }),
    handler: async (deps, options): Promise<View | Outcome> => {
      expectTypeOf(deps).toEqualTypeOf<{ answer: number }>();
      expectTypeOf(options).toEqualTypeOf<{ from?: string; to?: string; item?: string; allowOverbook?: true; dryRun?: true }>();
      // @ts-expect-error a misspelt option key does not compile
      void options.allowOverbok;
      // @ts-expect-error nor does one of another command
      void options.startDate;
      return { kind: 'records', body: { data: [] }, rows: [], columns: [] };
    },
  });
  expect(command.name).toBe('probe');
});
