// Code samples in Markdown, made into programs that check their own claims.
//
// Every ```ts (or ```typescript) block of README.md and docs/*.md is run. A
// block opened with ```ts no-run: <reason> is only compiled, and must say why.
// A line ending in `// => value` asserts that the statement's value is
// `value` (node:assert deepStrictEqual):
//
//   rerp.isAllowed('MyBot', '/private/'); // => false
//   const v = rerp.explain('MyBot', '/x'); // => { allowed: true, record: null, rule: null }
//   console.log(rerp.sitemaps);           // => ['https://example.com/s.xml']
//
// A parenthesised remark after the value is not part of it
// (`// => true (a path works too)`), and the value may go on over the
// following comment lines until it is a complete expression.

/** One fenced code block. */
export interface Block {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
  /** The reason given after `no-run:`, or null for a block that runs. */
  readonly noRun: string | null;
}

/** A closing fence: the same character, at least as many, nothing after. */
function closes(line: string, fence: string): boolean {
  const t = line.trim();
  return t.length >= fence.length && t === fence[0]!.repeat(t.length);
}

/** The TypeScript blocks of a Markdown text. */
export function tsBlocks(file: string, markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\b(.*)$/.exec(lines[i]!);
    if (open === null) {
      // Skip other fenced blocks whole, so a fence inside them is not read.
      const other = /^\s*(`{3,}|~{3,})/.exec(lines[i]!);
      if (other !== null) {
        for (i++; i < lines.length && !closes(lines[i]!, other[1]!); i++);
      }
      continue;
    }
    const fence = open[2]!;
    const rest = open[4]!.trim();
    const noRun = /^no-run\b:?\s*(.*)$/.exec(rest);
    const body: string[] = [];
    const start = i + 1;
    for (i++; i < lines.length && !closes(lines[i]!, fence); i++) body.push(lines[i]!);
    out.push({ file, line: start, code: body.join('\n'), noRun: noRun === null ? null : noRun[1]!.trim() });
  }
  return out;
}

/** True when `text` is one complete JavaScript expression. */
export function isExpression(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    // Only compiled, never called: a syntax check.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled to check its syntax, never called
    new Function(`return (${text}\n);`);
    return true;
  } catch {
    return false;
  }
}

/** The value of a `// =>` comment: the remark in trailing parentheses dropped. */
function expectedValue(text: string): string | null {
  const t = text.trim();
  const remark = /^(.*?)\s+\([^()]*\)$/.exec(t);
  if (remark !== null && isExpression(remark[1]!)) return remark[1]!;
  return isExpression(t) ? t : null;
}

/** Thrown for a `// =>` comment the convention cannot read. */
export class SampleError extends Error {}

/**
 * The block's code with every `// =>` claim turned into an assertion
 * (`__expect(actual, expected, where)`, defined by {@link PRELUDE}).
 * @throws SampleError for a claim whose value is not an expression.
 */
export function instrument(block: Block): string {
  const lines = block.code.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^(\s*)(\S.*?);?\s*\/\/\s*=>\s?(.*)$/.exec(line);
    if (m === null) {
      out.push(line);
      continue;
    }
    const where = `${block.file}:${block.line + 1 + i}`;
    let raw = m[3]!;
    let value = expectedValue(raw);
    let used = 0;
    while (value === null && i + used + 1 < lines.length && /^\s*\/\//.test(lines[i + used + 1]!)) {
      used++;
      raw += '\n' + lines[i + used]!.replace(/^\s*\/\/ ?/, '');
      value = expectedValue(raw);
    }
    if (value === null) throw new SampleError(`${where}: the value after // => is not an expression: ${m[3]}`);
    const [, indent, code] = m as unknown as [string, string, string];
    const check = (actual: string): string => `__expect(${actual}, (${value}), ${JSON.stringify(where)})`;
    const declared = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/.exec(code);
    const logged = /^console\.log\((.*)\)$/.exec(code);
    if (declared !== null) out.push(`${indent}${code}; ${check(declared[1]!)};`);
    else if (logged !== null) out.push(`${indent}console.log(${check(logged[1]!)});`);
    else out.push(`${indent}${check(code)};`);
    // Keep line numbers: the continuation lines become empty.
    for (let k = 0; k < used; k++) out.push('');
    i += used;
  }
  return out.join('\n');
}

/** Defines `__expect` for instrumented samples (plain JavaScript, put before the transpiled code). */
export const PRELUDE = `import { deepStrictEqual as __deepStrictEqual } from 'node:assert';
const __expect = (actual, expected, where) => {
  try { __deepStrictEqual(actual, expected); } catch (err) { throw new Error(where + ': the // => claim does not hold:\\n' + err.message); }
  return actual;
};
`;
