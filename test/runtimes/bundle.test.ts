// The root entry bundles for browsers and for no platform at all (workers,
// edge runtimes), with no `node:` import, no dependency and under the size
// budget; and such a bundle, run on Node's own fetch, answers as the Node build.
import test from 'ava';
import { gzipSync } from 'node:zlib';
import * as node from '../../src/index.js';
import { startServer } from '../helpers/server.js';
import { bundle, PARSE_AND_MATCH, WHOLE_ROOT } from './build.js';
import { answers, fetchAnswers, FETCH_CASES, type Lib } from './conformance.js';
import { ROBOTS_ROUTES } from './files.js';

/** docs/runtimes.md's budget for parse and isAllowed, bundled and minified for a browser: under 25 KB gzipped. */
const BUDGET = 25_000;

const PLATFORMS = ['browser', 'neutral'] as const;

/** An `import` or `require` of a Node module, in source or minified form. */
const NODE_IMPORT = /(?:from|import|require)\s*\(?\s*["']node:/;

for (const platform of PLATFORMS) {
  test(`the whole root entry bundles for --platform=${platform} with no node: import and no dependency`, async (t) => {
    const { code, inputs, externals } = await bundle({ source: WHOLE_ROOT }, platform);
    t.deepEqual(externals, []);
    t.false(NODE_IMPORT.test(code));
    const outside = inputs.filter((file) => file !== 'entry.js' && !file.startsWith('dist/src/'));
    t.deepEqual(outside, [], 'no dependency is bundled');
    for (const nodeOnly of ['dist/src/http/platform-node.js', 'dist/src/http/content-coding.js']) t.false(inputs.includes(nodeOnly), nodeOnly);
    t.true(inputs.includes('dist/src/http/platform-web.js'));
    t.log(`whole root entry, minified: ${Buffer.byteLength(code)} bytes, ${gzipSync(code, { level: 9 }).length} gzipped`);
  });

  test(`parse and isAllowed bundled for --platform=${platform} are under ${BUDGET} bytes gzipped`, async (t) => {
    const raw = await bundle({ source: PARSE_AND_MATCH }, platform, false);
    const min = await bundle({ source: PARSE_AND_MATCH }, platform);
    const gzip = gzipSync(min.code, { level: 9 }).length;
    t.log(`parse + isAllowed: ${Buffer.byteLength(raw.code)} bytes, ${Buffer.byteLength(min.code)} minified, ${gzip} gzipped`);
    t.true(gzip < BUDGET, `${gzip} bytes gzipped`);
    t.true(min.inputs.includes('dist/src/parser.js'));
  });
}

test('the redis entry bundles for no platform with no node: import and without the redis client, which the caller passes', async (t) => {
  const { code, inputs, externals } = await bundle({ source: "export * from 'robotexclusionrulesparser/redis';" }, 'neutral');
  t.deepEqual(externals, []);
  t.false(NODE_IMPORT.test(code));
  t.deepEqual(
    inputs.filter((file) => file !== 'entry.js' && !file.startsWith('dist/src/')),
    [],
    'no dependency is bundled',
  );
  t.true(inputs.includes('dist/src/redis/lock.js'));
  const root = await bundle({ source: WHOLE_ROOT }, 'neutral', false);
  t.false(
    root.inputs.some((file) => file.startsWith('dist/src/redis/') || file.includes('node_modules')),
    'the root entry leaves the redis entry out',
  );
});

/** The root entry bundled for no platform, loaded on Node: the web fetch layer on Node's own fetch. */
async function neutralBuild(): Promise<Lib> {
  const { code } = await bundle({ source: WHOLE_ROOT }, 'neutral', false);
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Lib;
}

test('the bundle for no platform answers the conformance subset as the Node build does', async (t) => {
  const web = await neutralBuild();
  t.not(web.RobotExclusionRulesParser, node.RobotExclusionRulesParser, 'a separate copy of the library');
  t.deepEqual(answers(web), answers(node));
});

test('the bundle for no platform fetches with Node’s own fetch as the Node build does with node-fetch', async (t) => {
  const web = await neutralBuild();
  const server = await startServer(ROBOTS_ROUTES);
  t.teardown(() => server.close());
  // Node 20's TextDecoder reads windows-1252 as ISO-8859-1, unlike browsers: the browser test asks that file.
  const cases = FETCH_CASES.filter((c) => c.path !== '/cp1252/robots.txt');
  const [webAnswers, nodeAnswers] = [await fetchAnswers(web, server.origin, cases), await fetchAnswers(node, server.origin, cases)];
  t.deepEqual(webAnswers, nodeAnswers);
  t.like(nodeAnswers, {
    '/moved/robots.txt': {
      error: null,
      responseCode: 200,
      answers: [
        [false, true],
        [false, true],
        [false, true],
      ],
    },
    '/unknown-charset/robots.txt': { error: { name: 'RobotsEncodingError', code: 'ERR_ROBOTS_ENCODING' } },
  });
});
