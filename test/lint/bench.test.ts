// The benchmark's lint file: 500 KiB, the same on every run, with work for the checks.
import test from 'ava';
import { LINT_BYTES, lintFile } from '../../bench/lint.js';
import { lint } from '../../src/index.js';

test('the lint benchmark file is at least 500 KiB, stable, and gives findings of several codes', (t) => {
  const text = lintFile();
  t.true(text.length >= LINT_BYTES && text.length < LINT_BYTES + 1024);
  t.is(text, lintFile());
  const codes = new Set(lint(text).map((d) => d.code));
  for (const code of ['precedence-differs', 'duplicate-rule', 'crawl-delay-invalid', 'wildcard-literal', 'size-over-500kib'] as const)
    t.true(codes.has(code), code);
});
