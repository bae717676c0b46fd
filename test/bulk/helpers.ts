import { type ImportOptions, type PlannedImport, planImport } from '../../src/bulk/import.js';
import { type InputFormat, openInput } from '../../src/bulk/input/index.js';
import { formatRowIssue } from '../../src/bulk/issues.js';
import type { BulkContext } from '../../src/bulk/loading.js';
import { type RowSpec, priceRows } from '../../src/bulk/spec.js';
import type { FakeApi } from '../helpers/sandbox-api.js';

export async function* textChunks(text: string): AsyncGenerator<string> {
  yield text;
}

const FIXED_NOW = Date.parse('2026-11-22T08:00:00Z');

export function contextFor(api: FakeApi, extra: Partial<BulkContext> = {}): BulkContext {
  return { api, now: () => FIXED_NOW, ...extra };
}

export async function planText(
  api: FakeApi,
  text: string,
  options: ImportOptions & { spec?: RowSpec; file?: string; format?: InputFormat; context?: Partial<BulkContext> } = {},
): Promise<PlannedImport & { messages: string[] }> {
  const file = options.file ?? 'prices.csv';
  const input = await openInput(textChunks(text), { file, format: options.format });
  const planned = await planImport(options.spec ?? priceRows, input, contextFor(api, options.context), options);
  return { ...planned, messages: planned.issues.map((i) => formatRowIssue(file, i)) };
}

export const PRICE_HEADER = 'inventoryId,inventoryName,rentalBlockId,pricingType,price,id';
