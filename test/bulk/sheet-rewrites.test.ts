// What a spreadsheet does to text that looks like something else, recognised as the same name.

import { describe, expect, test } from 'vitest';
import { spreadsheetRewrite } from '../../src/bulk/sheet-rewrites.js';

describe('spreadsheetRewrite', () => {
  test.each([
    ['007', '7', 'its leading zeros dropped'],
    ['0123456789012345678', '1.23456789012346E+17', 'written in scientific notation'],
    ['12345678901234567890', '12345678901234600000', 'cut to the 15 digits a spreadsheet keeps'],
    ['1e5', '1.00E+05', 'a number reformatted'],
    ['1.5', '1,5', 'written with a decimal comma'],
    ['50%', '50.00%', 'a percent reformatted'],
    ['50%', '0.5', 'a percent reformatted'],
    ['Café Crème', 'CafÃ© CrÃ¨me', 'its UTF-8 read as Windows-1252'],
    ['Crème – brûlée', 'CrÃ¨me â€“ brÃ»lÃ©e', 'its UTF-8 read as Windows-1252'],
    ['=Tent', "'=Tent", "the csv formula guard's quote kept"],
    ['2026-03-05', '05.03.2026', 'read as a date and written back in another form'],
    ['2026-03-05', '3/5/2026', 'read as a date and written back in another form'],
    ['1-2', '2-Jan', 'read as a date and written back in another form'],
    ['1.5', '01.05.2026', 'read as a date and written back in another form'],
  ])('%j saved as %j: %s', (live, written, how) => {
    expect(spreadsheetRewrite(live, written)).toBe(how);
  });

  test.each([
    ['Tent', 'Tents'],
    ['7', '8'],
    ['007', '008'],
    ['50%', '51%'],
    ['2026-03-05', '2026-03-06'],
    ['Café', 'Cafe'],
    ['Tent', ''],
  ])('%j renamed %j is a rename', (live, written) => {
    expect(spreadsheetRewrite(live, written)).toBeUndefined();
  });
});
