// What `parse` accepts: a string, or bytes read as ISO-8859-1 (docs/behaviour.md §1.1).

/** The text to parse, and whether it came from bytes (one character a byte). */
export interface SourceText {
  readonly text: string;
  readonly fromBytes: boolean;
}

/** Text from whatever `parse` was handed: bytes are read as ISO-8859-1; anything else as its string form. */
export function sourceText(input: unknown): SourceText {
  if (typeof input === 'string') return { text: input, fromBytes: false };
  if (input instanceof Uint8Array) return { text: latin1(input), fromBytes: true };
  if (input instanceof ArrayBuffer) return { text: latin1(new Uint8Array(input)), fromBytes: true };
  return { text: input == null ? '' : String(input), fromBytes: false };
}

/** Bytes as ISO-8859-1: each byte the character of the same code, as `Buffer#toString('latin1')` gives them. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  // In slices: a call takes only so many arguments.
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}
