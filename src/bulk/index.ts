// The bulk engine's public API: what the `prices`, `inventory` and `bookings` import/export/adjust/
// apply commands call. Independent of the CLI: requests, clock, streams and Ctrl-C are injected.

export { type RowSpec, moneyFields, priceRows, rowSpecFor, scopeField } from './spec.js';
export { type CsvDelimiter, type InputFormat, type OpenedInput, inputFromRows, openInput } from './input/index.js';
export { localeMarks, styleOfLocale } from './input/numbers.js';
export { formatRowIssue, validationError } from './issues.js';
export type { BulkContext } from './loading.js';
export { importWhileListing, planImport, spoolImport } from './import.js';
export { planAdjust } from './adjust.js';
export { exportRecords, streamExport } from './export.js';
export { type AnyPlan, type Plan, type PlanRow, type SpooledPlan, NOT_SENT, markStale, rowCount, rowsOf } from './plan.js';
export { intendedChange, rowChange } from './plan-changes.js';
export { planFileChunks, readPlanFile } from './plan-file.js';
export { type PredictedOutcomes, predictedTotalsLine, rowDetail, totalsLine } from './plan-render.js';
export { type Prediction, applyPlan, predictPlan } from './apply.js';
export { type WriteRules, judgePlan } from './judge.js';
export { apiOperations } from './api-operations.js';
export { type RowOperations, type RunSummary, runPlan } from './runner.js';
export { type ReportLine, type ReportRun, APPLIED, formatReportRun, mergeCarried, readReportAndRun, resumeFrom, undoPlan } from './report.js';
export { formatSummary, progressRenderer } from './progress.js';
export { moneyFlag } from './flags.js';
export { drasticAdjustmentRefusal, implausibleRefusal } from './implausible.js';
export { LiveIndex } from './live.js';
export { rowName } from './row-place.js';
