// Feeding text to the input readers in chunks of any size, and reading all they give.

import { type InputFormat, type InputRow, openInput } from '../../src/bulk/input/index.js';

export async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

export async function readAll(chunks: AsyncIterable<string | Uint8Array>, format?: InputFormat) {
  const input = await openInput(chunks, { file: 'in', format });
  const rows: InputRow[] = [];
  for await (const row of input.rows) rows.push(row);
  return { format: input.format, rows, columns: input.columns(), issues: input.issues() };
}
