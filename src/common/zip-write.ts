// A zip archive written as it is made (PKWARE APPNOTE 6.3, the parts an .xlsx needs): small
// entries deflated whole, a large one deflated as its text arrives and sized by a data
// descriptor after it (general purpose flag bit 3), so that a sheet of 100,000 rows is never one
// string. Names are UTF-8 (bit 11); every time stamp is 1980-01-01, so the same input makes the
// same bytes. No zip64: an archive past 4 GiB is refused.

import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DEFLATED = 8;
const UTF8_NAMES = 1 << 11;
const SIZED_AFTER = 1 << 3;
/** 1980-01-01 00:00, the earliest a DOS date holds. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const LIMIT = 0xffffffff;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;

  /** A whole entry: its bytes (the local header, the deflated content). */
  file(name: string, content: string | Uint8Array): Buffer[] {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = deflateRawSync(data);
    const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: UTF8_NAMES, crc: crc32(data), compressed: deflated.length, size: data.length, offset: this.offset };
    return this.add(entry, [localHeader(entry), deflated]);
  }

  /**
   * An entry whose text is deflated as it comes: each chunk of `texts` turns into the bytes to write
   * (as soon as the deflater gives them), the data descriptor last.
   */
  async *streamed(name: string, texts: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Buffer> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: UTF8_NAMES | SIZED_AFTER, crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = localHeader(entry);
    this.offset += header.length;
    yield header;
    const deflater = createDeflateRaw();
    const out: Buffer[] = [];
    deflater.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      deflater.on('end', resolve);
      deflater.on('error', reject);
    });
    const drain = function* (this: ZipWriter): Generator<Buffer> {
      for (const chunk of out.splice(0)) {
        entry.compressed += chunk.length;
        this.offset += chunk.length;
        yield chunk;
      }
    }.bind(this);
    for await (const text of texts) {
      if (text === '') continue;
      const data = Buffer.from(text, 'utf8');
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      checkSize(entry.size);
      // zlib gives its output as its window fills: what it holds stays bounded, whatever the sheet's size.
      await new Promise<void>((resolve) => deflater.write(data, () => resolve()));
      yield* drain();
    }
    deflater.end();
    await ended;
    yield* drain();
    checkSize(entry.compressed);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.offset += descriptor.length;
    this.entries.push(entry);
    yield descriptor;
  }

  /** The central directory and its end record: the archive's last bytes. */
  finish(): Buffer[] {
    const start = this.offset;
    const headers = this.entries.map(centralHeader);
    const size = headers.reduce((sum, header) => sum + header.length, 0);
    checkSize(start + size);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    return [...headers, end];
  }

  private add(entry: Entry, parts: Buffer[]): Buffer[] {
    for (const part of parts) this.offset += part.length;
    checkSize(this.offset);
    this.entries.push(entry);
    return parts;
  }
}

function checkSize(bytes: number): void {
  if (bytes >= LIMIT) throw new Error('the spreadsheet would pass 4 GiB, more than a zip without zip64 holds: export less (--item, --block) or as csv');
}

function localHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(DEFLATED, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  const sizedAfter = (entry.flags & SIZED_AFTER) !== 0;
  header.writeUInt32LE(sizedAfter ? 0 : entry.crc >>> 0, 14);
  header.writeUInt32LE(sizedAfter ? 0 : entry.compressed, 18);
  header.writeUInt32LE(sizedAfter ? 0 : entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(DEFLATED, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}
