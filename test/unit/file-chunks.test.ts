import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { reusedChunks } from '../../src/common/file-chunks.js';
import { tempDir } from '../helpers/fake-context.js';

describe('reusedChunks', () => {
  test('gives every byte of a file in order, across chunk boundaries, through one buffer', async () => {
    const bytes = Buffer.alloc(200_000 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) % 251;
    const path = join(tempDir(), 'plan.json');
    writeFileSync(path, bytes);
    const copies: Buffer[] = [];
    const backings = new Set<ArrayBufferLike>();
    for await (const chunk of reusedChunks(path)) {
      copies.push(Buffer.from(chunk));
      backings.add(chunk.buffer);
    }
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    expect(copies.length).toBeGreaterThan(1);
    // One allocation for the whole file: no chunk's memory is left for a collection to find.
    expect(backings.size).toBe(1);
  });

  test('an empty file gives nothing; a missing one rejects with its code', async () => {
    const dir = tempDir();
    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    const seen: Buffer[] = [];
    for await (const chunk of reusedChunks(empty)) seen.push(chunk);
    expect(seen).toEqual([]);
    await expect(reusedChunks(join(dir, 'missing')).next()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
