// The bulk engine's public API: what the `prices`, `inventory` and `bookings` import/export/adjust/
// apply commands call. Independent of the CLI: requests, clock, streams and Ctrl-C are injected.

export { type RowSpec, priceRows, inventoryRows, bookingRows, rowSpecFor, scopeField } from './spec.js';
export {
  type CsvDelimiter,
  type InputFormat,
  type InputRow,
  type OpenedInput,
  INPUT_FORMATS,
  detectFormat,
  inputFromRows,
  openInput,
  parseInputText,
} from './input/index.js';
export { type RowIssue, formatRowIssue, toFieldIssue, validationError } from './issues.js';
export { type BulkApi, type BulkContext, loadLookups, loadLive } from './loading.js';
export { type ImportOptions, type PlannedImport, type StreamedImport, planImport, streamImport } from './import.js';
export { type AdjustOptions, type PlannedAdjust, planAdjust } from './adjust.js';
export { type ExportOptions, type ExportRow, exportRecords } from './export.js';
export { type Plan, type PlanAction, type PlanRow, type PlanTotals, PLAN_ACTIONS, PLAN_VERSION, emptyTotals } from './plan.js';
export { parsePlan, serializePlan } from './plan-file.js';
export { type PredictedOutcomes, PlanLineWidths, planLine, planLines, predictedTotalsLine, rowDetail, totalsLine } from './plan-render.js';
export { type ApplyOptions, type Prediction, applyPlan, predictPlan } from './apply.js';
export { apiOperations } from './api-operations.js';
export { type Progress, type RowOperations, type RunSummary, runPlan } from './runner.js';
export {
  type Outcome,
  type ReportLine,
  APPLIED,
  OUTCOMES,
  formatReportLine,
  mergeCarried,
  readReport,
  resumeFrom,
  undoPlan,
} from './report.js';
export { type ProgressRenderer, type ProgressStream, formatSummary, progressRenderer } from './progress.js';
export { type MoneyFlagRule, moneyFlag } from './flags.js';
export {
  type Adjustment,
  type Money,
  ROUND_STEPS,
  adjust,
  formatMoney,
  parseMoney,
  roundToStep,
} from './money.js';
export { LiveIndex } from './live.js';
export type { Ids, Scalar, Values } from './values.js';
