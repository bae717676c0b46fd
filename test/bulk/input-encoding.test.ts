// Input that is not UTF-8 is refused before anything is read from it, with the place and the fix;
// UTF-16 with its byte order mark (Excel's "Unicode text") is decoded.

import { describe, expect, it } from 'vitest';
import { type InputRow, openInput } from '../../src/bulk/input/index.js';

async function* byteChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function readAll(chunks: AsyncIterable<Uint8Array>) {
  const input = await openInput(chunks, { file: 'inv.csv' });
  const rows: InputRow[] = [];
  for await (const row of input.rows) rows.push(row);
  return { rows, issues: input.issues(), columns: input.columns() };
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('the input encoding', () => {
  it('a multi-byte character split across chunks at every byte is read, not refused', async () => {
    const bytes = new TextEncoder().encode('id,name\n21,Café Crème ☂ 𝄞\n');
    for (const size of [1, 2, 3, 5]) {
      const { rows, issues } = await readAll(byteChunks(bytes, size));
      expect(issues).toEqual([]);
      expect(rows[0]!.values.name).toBe('Café Crème ☂ 𝄞');
    }
  });

  it('Windows-1252 bytes are refused with the line, the byte offset, the bytes and the iconv fix', async () => {
    const bytes = latin1('id,name,quantityAvailable\n21,Caf\xe9 Cr\xe8me,5\n');
    for (const size of [1, 4, 1000]) {
      const { rows, issues } = await readAll(byteChunks(bytes, size));
      expect(rows).toEqual([]);
      expect(issues).toEqual([{ line: 2, rule: expect.stringMatching(/^is not UTF-8 text: byte 0xE9 at byte offset 32 \(é in Windows-1252\).*iconv -f WINDOWS-1252 -t UTF-8 inv\.csv > inv\.utf8\.csv.*CSV UTF-8/s) }]);
    }
  });

  it('UTF-16 without a byte order mark is refused, naming UTF-16 and the iconv fix', async () => {
    const { issues } = await readAll(byteChunks(Uint8Array.from(Buffer.from('id,name\n1,a\n', 'utf16le')), 1000));
    expect(issues).toEqual([{ line: 1, rule: expect.stringMatching(/UTF-16.*iconv -f UTF-16LE -t UTF-8 inv\.csv > inv\.utf8\.csv/) }]);
  });

  it('a UTF-8 byte order mark stays accepted', async () => {
    const { columns } = await readAll(byteChunks(new TextEncoder().encode('\uFEFFid,name\n1,a\n'), 2));
    expect(columns).toEqual(['id', 'name']);
  });

  it("UTF-16 LE and BE with a byte order mark (Excel's Unicode text, tab-separated) are decoded", async () => {
    const text = 'id\tname\tquantityAvailable\r\n21\tCafé Crème\t5\r\n';
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    for (const bytes of [le, be]) {
      for (const size of [1, 3, 1000]) {
        const input = await openInput(byteChunks(bytes, size), { file: 'inv.txt' });
        const rows: InputRow[] = [];
        for await (const row of input.rows) rows.push(row);
        expect(input.columns()).toEqual(['id', 'name', 'quantityAvailable']);
        expect(rows).toEqual([{ line: 2, values: { id: '21', name: 'Café Crème', quantityAvailable: '5' } }]);
      }
    }
  });
});
