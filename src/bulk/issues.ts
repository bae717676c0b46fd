// Problems found in bulk input, with their place: `prices.csv:14:5 price: must be … (got "1,200")`.

import { type FieldIssue, ValidationError, formatIssue } from '../errors.js';

export interface RowIssue {
  line: number;
  /** JSON: the record's index in its array, named after the line (`(stdin):1 [37]`). */
  index?: number;
  /** CSV column number, when the input has columns. */
  column?: number;
  /** Column or key name the rule is about; absent for a problem of the whole record. */
  field?: string;
  rule: string;
  /** The offending value, as given. */
  value?: unknown;
}

/** The errors module's issue, with the place in the field slot, so one formatter serves all. */
function toFieldIssue(file: string, issue: RowIssue): FieldIssue {
  const place = `${file}:${issue.line}${issue.column === undefined ? '' : `:${issue.column}`}${issue.index === undefined ? '' : ` [${issue.index}]`}`;
  return {
    field: issue.field === undefined ? place : `${place} ${issue.field}`,
    message: issue.rule,
    value: issue.value,
  };
}

export function formatRowIssue(file: string, issue: RowIssue): string {
  return formatIssue(toFieldIssue(file, issue));
}

/** One line for a report's `error`: the rules of a row, without its place (the line says it). */
export function describeIssues(issues: readonly RowIssue[]): string {
  return issues.map((i) => (i.field === undefined ? i.rule : formatIssue({ field: i.field, message: i.rule, value: i.value }))).join('; ');
}

/** Every issue at once (`more`: those not kept, counted), as the error the CLI maps to its exit code (nothing was sent). */
export function validationError(file: string, issues: readonly RowIssue[], more = 0): ValidationError {
  const error = new ValidationError(
    issues.map((i) => toFieldIssue(file, i)),
    file,
  );
  if (more > 0) error.message += `\n  … and ${more} more`;
  return error;
}

/** Invalid rows listed before "… and N more": a file of a million bad rows is not a million messages held. */
export const ISSUES_KEPT = 1000;

/** Issues as they come in line order: the first ISSUES_KEPT kept, the rest counted. */
export class FirstIssues {
  readonly kept: RowIssue[] = [];
  count = 0;

  add(issues: readonly RowIssue[]): void {
    for (const issue of issues) {
      this.count++;
      if (this.kept.length < ISSUES_KEPT) this.kept.push(issue);
    }
  }
}
