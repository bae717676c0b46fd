import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFlags, recordOf, resumeFlags } from '../../src/app/bulk/adjust-flags.js';
import { importFlags } from '../../src/app/bulk/import-flags.js';
import { checkResumeFlags } from '../../src/app/bulk/resume-flags.js';
import { DEFAULT_ROUND } from '../../src/app/bulk/round.js';
import { UsageError } from '../../src/errors.js';
import { fileTempDir } from '../helpers/file-temp-dirs.js';

const names = { percent: '--percent', amount: '--amount', round: '--round' };

describe('the flags a --resume checks against its report', () => {
  it('a report that records no run checks nothing', () => {
    expect(checkResumeFlags({ command: 'prices adjust', report: 'r', given: { percent: '5' }, recorded: undefined, names })).toEqual({ flags: { percent: '5' } });
  });

  it('a report of another command is refused', () => {
    expect(() => checkResumeFlags({ command: 'prices adjust', report: 'r', given: {}, recorded: { command: 'prices import', flags: {} }, names })).toThrow(
      new UsageError('--resume r: the report is of a `prices import` run, not of `prices adjust`; nothing was sent'),
    );
  });

  it('names every flag that differs, with both values, and an alternative given in place of the other', () => {
    const refused = (): unknown =>
      resumeFlags({ amount: '1', round: '0.05', inventoryId: [4] }, recordOf({ percent: '10', round: '0.01', inventoryId: [3] }), 'r', { inventoryId: ['Tent'] });
    expect(refused).toThrow(UsageError);
    expect(refused).toThrow(/--amount: the run in the report had --percent 10, this one --amount 1\n/);
    expect(refused).toThrow(/--inventory-id: the run in the report had 3, this one 4 \("Tent"\)/);
    expect(refused).toThrow(/--round: the run in the report had 0\.01, this one 0\.05/);
  });

  it('a filter given where the run had none differs from "every item"', () => {
    expect(() => resumeFlags({ inventoryId: [4] }, recordOf({ percent: '10', round: '0.01' }), 'r', {})).toThrow(/--inventory-id: the run in the report had every item, this one 4/);
  });

  it('takes what is left out, and says so (not the default round)', () => {
    expect(DEFAULT_ROUND).toBe('0.01');
    expect(resumeFlags({}, recordOf({ percent: '10', round: DEFAULT_ROUND, rentalBlockId: [2, 1] }), 'r', {})).toEqual({
      flags: { percent: '10', round: DEFAULT_ROUND, rentalBlockId: [2, 1] },
      taken: '--percent 10 --rental-block-id 2 --rental-block-id 1',
    });
    expect(resumeFlags({ percent: '10', rentalBlockId: [1, 2] }, recordOf({ percent: '10', round: '0.05', rentalBlockId: [2, 1] }), 'r', {}).taken).toBe('--round 0.05');
  });

  it('a command line in the usual order', () => {
    expect(describeFlags({ round: '0.01', inventoryId: [3, 4], amount: '-2.5' })).toBe('--amount -2.5 --inventory-id 3 --inventory-id 4 --round 0.01');
  });
});

describe('the flags of an import', () => {
  it('are recorded normalised: the path absolute, the delimiter by name, decimals, the locale in lower case', async () => {
    const dir = realpathSync(fileTempDir('rentals-import-flags-'));
    writeFileSync(join(dir, 'a.csv'), '');
    mkdirSync(join(dir, 'sub'));
    const settled = await importFlags({ file: `${dir}/sub/../a.csv`, delimiter: '\t', round: '0.050', locale: 'DE' }, 'prices import', undefined, undefined, undefined);
    expect(settled.recorded).toEqual({ command: 'prices import', flags: { file: join(dir, 'a.csv'), delimiter: 'tab', round: '0.05', locale: 'de' } });
  });

  it('on --resume, the file and the event left out are the report\'s', async () => {
    const settled = await importFlags({}, 'bookings import', undefined, { command: 'bookings import', flags: { file: '/data/b.csv', eventId: [7] } }, 'r');
    expect(settled.options).toMatchObject({ file: '/data/b.csv', eventId: 7 });
    expect(settled.taken).toBe('file /data/b.csv --event-id 7');
  });
});
