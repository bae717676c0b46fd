// All of a stream's text (a snapshot, a plan, a token from stdin): read as a file would be, with
// an optional bound (request bodies) past which `tooLong` decides what is thrown.

export async function readAll(stream: AsyncIterable<unknown> & { destroy?: () => void }, limit?: { bytes: number; tooLong: () => Error }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (limit && size > limit.bytes) {
      stream.destroy?.();
      throw limit.tooLong();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
