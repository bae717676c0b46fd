// Cells that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`) are
// written with a leading `'`, as OWASP recommends for CSV injection; numbers (`-12.5`) stay
// numbers. Cells that already start with quotes before such a character get one more, so that
// `import` can take exactly one away and an export reads back as it was.

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
}

/** The cell as it was before neutraliseFormula (a value read from CSV). */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) && !NUMBER.test(cell.slice(1)) ? cell.slice(1) : cell;
}
