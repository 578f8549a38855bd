// Line numbers, counted as both readers count lines (docs/behaviour.md §1.2,
// RFC 9309 §2.2): LF, CR and CR LF each end one line.

/** The number of the line holding `to`, counting on from `from`, which is on line `line`. */
export function lineAt(text: string, from: number, to: number, line: number): number {
  for (let at = from; at < to; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(at + 1) !== 0x0a)) line++;
  }
  return line;
}
