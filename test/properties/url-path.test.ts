// urlPath finds the authority's end and the fragment with indexOf: checked on
// URLs built from known parts, so the expected path is known by construction.
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { urlPath } from '../../src/internal.js';

function holds<T extends [unknown, ...unknown[]]>(t: ExecutionContext, property: fc.IProperty<T>, numRuns: number): void {
  const result = fc.check(property, { numRuns });
  t.false(result.failed, fc.defaultReportMessage(result) ?? '');
}

const scheme = fc.constantFrom('http:', 'https:', 'HTTPS:', 'ftp:', 'a+b.c-d:');
/** An authority: anything but the characters that end it. */
const authority = fc.string({ unit: fc.constantFrom('a', 'b', '.', ':', '@', '1', '%', '-'), maxLength: 12 });
const pathPart = fc.string({ unit: fc.constantFrom('a', '/', '.', ':', '@', '%', ';', '='), maxLength: 12 }).map((s) => '/' + s);
const query = fc.string({ unit: fc.constantFrom('a', '?', '/', '=', '&', ':'), maxLength: 8 }).map((s) => '?' + s);
const fragment = fc.string({ unit: fc.constantFrom('a', '#', '/', '?'), maxLength: 6 }).map((s) => '#' + s);

test('an absolute URL gives its path and query, without the fragment', (t) => {
  holds(
    t,
    fc.property(scheme, authority, fc.option(pathPart), fc.option(query), fc.option(fragment), (sc, au, p, q, f) => {
      const expected = (p ?? '/') + (q ?? '');
      return urlPath(`${sc}//${au}${p ?? ''}${q ?? ''}${f ?? ''}`) === expected;
    }),
    5000,
  );
});

test('a URL without a scheme but with an authority gives its path and query', (t) => {
  holds(
    t,
    fc.property(authority, fc.option(pathPart), fc.option(query), (au, p, q) => urlPath(`//${au}${p ?? ''}${q ?? ''}`) === (p ?? '/') + (q ?? '')),
    2000,
  );
});

test('a path is kept as it is, up to the fragment', (t) => {
  const path = pathPart.filter((p) => !p.startsWith('//'));
  holds(
    t,
    fc.property(path, fc.option(query), fc.option(fragment), (p, q, f) => urlPath(p + (q ?? '') + (f ?? '')) === p + (q ?? '')),
    2000,
  );
});

test('a query right after the authority is the path', (t) => {
  t.is(urlPath('https://example.com?a=/b'), '/?a=/b');
});

test('a fragment inside the authority ends it', (t) => {
  t.is(urlPath('https://example.com#x/y'), '/');
});
