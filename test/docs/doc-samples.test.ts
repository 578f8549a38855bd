import test from 'ava';
import { instrument, isExpression, SampleError, tsBlocks } from './doc-samples.js';

const block = (code: string) => ({ file: 'X.md', line: 10, code, noRun: null });

test('tsBlocks finds ts and typescript blocks, their lines and no-run reasons', (t) => {
  const md = 'Text\n```ts\na();\n```\n```sh\n```ts inside sh\n```\n```typescript no-run: needs the internet\nb();\n```\n';
  t.deepEqual(tsBlocks('X.md', md), [
    { file: 'X.md', line: 2, code: 'a();', noRun: null },
    { file: 'X.md', line: 8, code: 'b();', noRun: 'needs the internet' },
  ]);
});

test('a // => claim on an expression statement becomes an assertion', (t) => {
  t.is(instrument(block("p.isAllowed('a', '/x'); // => false")), "__expect(p.isAllowed('a', '/x'), (false), \"X.md:11\");");
});

test('a parenthesised remark after the value is not part of it', (t) => {
  t.is(instrument(block('f(); // => true (a path works too)')), '__expect(f(), (true), "X.md:11");');
});

test('a claim on a declaration checks the declared name', (t) => {
  t.is(instrument(block('const v = f(); // => 2')), 'const v = f(); __expect(v, (2), "X.md:11");');
});

test('a claim on console.log checks its argument and still logs it', (t) => {
  t.is(instrument(block("console.log(rp.siteMaps()); // => ['a']")), 'console.log(__expect(rp.siteMaps(), ([\'a\']), "X.md:11"));');
});

test('a value may continue over the following comment lines', (t) => {
  const out = instrument(block('const v = f(); // => {\n//   allowed: false,\n// }\nnext();'));
  t.is(out, 'const v = f(); __expect(v, ({\n  allowed: false,\n}), "X.md:11");\n\n\nnext();');
});

test('a claim whose value is not an expression is an error naming the line', (t) => {
  t.throws(() => instrument(block('f(); // => allowed, of course')), { instanceOf: SampleError, message: /^X\.md:11:/ });
});

test('isExpression accepts values and refuses statements', (t) => {
  t.true(isExpression("{ names: ['*'], line: 1 }"));
  t.false(isExpression('if (x) y'));
  t.false(isExpression(''));
});
