// What `parse` accepts: a string, or bytes read as ISO-8859-1 (docs/behaviour.md §1.1).
import { latin1 } from './bytes.js';

/** The text to parse, and whether it came from bytes (one character a byte). */
export interface SourceText {
  /** The text as parsed (bytes are decoded as ISO-8859-1 first). */
  readonly source: string;
  /** True when the text came from bytes, so each character is one original byte. */
  readonly fromBytes: boolean;
}

/** Text from whatever `parse` was handed: bytes are read as ISO-8859-1; anything else as its string form. */
export function sourceText(input: unknown): SourceText {
  if (typeof input === 'string') return { source: input, fromBytes: false };
  if (input instanceof Uint8Array) return { source: latin1(input), fromBytes: true };
  if (input instanceof ArrayBuffer) return { source: latin1(new Uint8Array(input)), fromBytes: true };
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other value is read as its string form (docs/behaviour.md §1.1)
  return { source: input == null ? '' : String(input), fromBytes: false };
}
