import { describe, expect, it } from 'vitest';
import { ADJUST_NAMES } from '../../src/app/bulk/adjust-flags.js';
import { IMPORT_NAMES } from '../../src/app/bulk/import-flags.js';
import { rerunCommand } from '../../src/app/bulk/rerun.js';
import type { RecordedFlags } from '../../src/app/bulk/resume-flags.js';

describe('the command that runs the rest of a bulk run', () => {
  it('without a report gives the file and every flag again, shell-quoted, with --yes and --allow-overbook', () => {
    const flags: RecordedFlags = { file: '/data/my bookings.csv', eventId: [3], delimiter: ';', locale: 'de', skipInvalid: true };
    const line = rerunCommand({ command: ['bookings', 'import'], flags, names: IMPORT_NAMES, yes: true, allowOverbook: true }, undefined);
    expect(line).toBe("rentals bookings import '/data/my bookings.csv' --event-id 3 --delimiter ';' --locale de --skip-invalid --yes --allow-overbook");
  });

  it('with a report that records the flags: --resume alone, and --yes only when the run had it', () => {
    const flags = { percent: '10', round: '0.01', maxChange: '12' };
    expect(rerunCommand({ command: ['prices', 'adjust'], flags, names: ADJUST_NAMES, recordedInReport: flags, yes: true }, 'run.ndjson')).toBe('rentals prices adjust --resume run.ndjson --yes');
    expect(rerunCommand({ command: ['prices', 'adjust'], flags, names: ADJUST_NAMES, recordedInReport: flags }, 'my run.ndjson')).toBe("rentals prices adjust --resume 'my run.ndjson'");
  });

  it('appended to a report that records other guards: the run\'s are given beside --resume', () => {
    const line = rerunCommand(
      { command: ['prices', 'adjust'], flags: { percent: '10', round: '0.01', maxChange: '20' }, names: ADJUST_NAMES, recordedInReport: { percent: '10', round: '0.01', maxChange: '12' } },
      'run.ndjson',
    );
    expect(line).toBe('rentals prices adjust --resume run.ndjson --max-change 20');
  });

  it('a report written before reports recorded the run: the file is given beside --resume', () => {
    const flags = { file: '/data/prices.csv', round: '0.01' };
    expect(rerunCommand({ command: ['prices', 'import'], flags, names: IMPORT_NAMES }, 'old.ndjson')).toBe('rentals prices import /data/prices.csv --resume old.ndjson --round 0.01');
  });

  it('a file read from stdin is given again as -', () => {
    const flags = { file: '-' };
    expect(rerunCommand({ command: ['prices', 'import'], flags, names: IMPORT_NAMES, recordedInReport: flags }, 'run.ndjson')).toBe('rentals prices import - --resume run.ndjson');
  });
});
