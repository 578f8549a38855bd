// Standard input as lines, read as they are needed: `rerp batch` takes a
// line, checks it, and only then asks for more, so that an input of any size
// is held a chunk at a time.

/**
 * Characters a line may hold: a longer one is given as {@link OVERLONG}, its
 * characters dropped as they come, so that input without line ends is not
 * held whole.
 */
export const MAX_LINE = 1 << 20;

/** What {@link readLines} gives in place of a line longer than {@link MAX_LINE}. */
export const OVERLONG = '\0overlong line';

/** How far {@link readLines} has read: bytes taken from the input so far. */
export interface ReadCount {
  bytes: number;
}

/**
 * The lines of `chunks` decoded as UTF-8 (invalid bytes as U+FFFD), split at
 * `\n`, `\r\n` and `\r`, without their ends. A last line without an end is
 * given too; an empty input gives one empty line, as `split` would.
 */
export async function* readLines(chunks: AsyncIterable<string | Uint8Array>, count: ReadCount = { bytes: 0 }): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let partial = '';
  let overlong = false;
  // A `\r` ending a chunk: a `\n` opening the next belongs to the same line end.
  let afterCr = false;
  for await (const chunk of chunks) {
    count.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (afterCr && text.startsWith('\n')) text = text.slice(1);
    afterCr = false;
    let start = 0;
    // The next `\n` and `\r` at or after `start`, each searched again only once passed, so that a chunk is scanned once.
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf !== -1 || cr !== -1) {
      const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
      const line = partial + text.slice(start, end);
      partial = '';
      yield overlong || line.length > MAX_LINE ? OVERLONG : line;
      overlong = false;
      start = end + 1;
      if (end === cr) {
        if (end + 1 === text.length) afterCr = true;
        else if (lf === end + 1) start = end + 2;
      }
      if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    }
    partial += text.slice(start);
    if (partial.length > MAX_LINE) {
      overlong = true;
      partial = '';
    }
  }
  partial += decoder.decode();
  yield overlong ? OVERLONG : partial;
}
