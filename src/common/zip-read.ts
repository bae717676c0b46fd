// The entries of a zip archive held in memory (an .xlsx saved by Excel, LibreOffice or rentals):
// the central directory found from the end record, each entry inflated and its CRC checked on
// demand. Stored and deflated entries; zip64, encryption and multi-disk archives are refused
// with a message, never misread.

import { crc32, inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

export class ZipError extends Error {}

interface Listed {
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipArchive {
  private readonly listed = new Map<string, Listed>();

  constructor(private readonly bytes: Buffer) {
    const end = findEnd(bytes);
    const count = bytes.readUInt16LE(end + 10);
    let at = bytes.readUInt32LE(end + 16);
    if (at === 0xffffffff || count === 0xffff) throw new ZipError('a zip64 archive (larger than 4 GiB or 65,535 entries) is not read');
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError('its central directory is damaged');
      const nameLength = bytes.readUInt16LE(at + 28);
      const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
      this.listed.set(name, {
        flags: bytes.readUInt16LE(at + 8),
        method: bytes.readUInt16LE(at + 10),
        crc: bytes.readUInt32LE(at + 16),
        compressed: bytes.readUInt32LE(at + 20),
        size: bytes.readUInt32LE(at + 24),
        offset: bytes.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    }
  }

  has(name: string): boolean {
    return this.listed.has(name);
  }

  /** An entry's content, inflated and checked; undefined when the archive has no such entry. */
  read(name: string): Buffer | undefined {
    const entry = this.listed.get(name);
    if (!entry) return undefined;
    if ((entry.flags & 1) !== 0) throw new ZipError(`${name} is encrypted`);
    const { bytes } = this;
    if (entry.offset + 30 > bytes.length || bytes.readUInt32LE(entry.offset) !== LOCAL_HEADER) throw new ZipError(`${name}: its local header is damaged`);
    const start = entry.offset + 30 + bytes.readUInt16LE(entry.offset + 26) + bytes.readUInt16LE(entry.offset + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) throw new ZipError(`${name} is cut short`);
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
      } catch (error) {
        throw new ZipError(`${name} does not inflate: ${(error as Error).message}`);
      }
    } else throw new ZipError(`${name} is compressed with method ${entry.method} (only stored and deflated entries are read)`);
    if (content.length !== entry.size || crc32(content) >>> 0 !== entry.crc >>> 0) throw new ZipError(`${name} fails its checksum`);
    return content;
  }
}

/** The end-of-central-directory record: in the last 22 bytes, or before a comment of up to 65,535. */
function findEnd(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      if (bytes.readUInt16LE(at + 4) !== 0 || bytes.readUInt16LE(at + 6) !== 0) throw new ZipError('a multi-disk archive is not read');
      return at;
    }
  }
  throw new ZipError('it is not a zip archive (no end of central directory): is it an .xlsx file?');
}
