// The address policy of fetch (behaviour.md §9.43): every connection,
// redirects included, goes only where it allows, checked before connecting.
// Only loopback is reachable here, so "another host" is `localhost`, or a
// made-up name that an injected lookup resolves to 127.0.0.1.
import test from 'ava';
import type { LookupAddress } from 'node:dns';
import {
  get,
  InvalidArgumentError,
  isPublicAddress,
  RobotExclusionRulesParser,
  RobotsCache,
  RobotsFetchError,
  type LookupFunction,
  type RobotsFetchEvent,
} from '../../src/index.js';
import { redirect, respond, startServer, type TestServer } from '../helpers/server.js';
import { testLookup } from '../helpers/origins.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, routes: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(routes);
  t.teardown(() => server.close());
  return server;
}

/** `server`'s URL for `path` under another host name. */
const as = (server: TestServer, host: string, path: string): string => server.url(path).replace('127.0.0.1', host);

test('allowAddress: isPublicAddress refuses 127.0.0.1 before connecting, and the rules held stay', async (t) => {
  const old = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const target = await serve(t, { '/robots.txt': respond(200, 'User-agent: *\nDisallow: /\n') });
  const p = new RobotExclusionRulesParser();
  await p.fetch(old.url('/robots.txt'));
  const error = await t.throwsAsync(p.fetch(target.url('/robots.txt'), { allowAddress: isPublicAddress }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'address');
  t.is(error.responseCode, 0);
  t.is(error.message, `Cannot fetch robots.txt from ${target.url('/robots.txt')}: allowAddress refused 127.0.0.1`);
  t.is(target.connections, 0, 'no connection was made');
  t.false(p.isAllowed('bot', '/private'));
  t.true(p.isAllowed('bot', '/other'));
  t.is(p.responseCode, 0);
});

test('allowAddress sees each address a name resolves to, and the name; refusing them all makes no connection', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const seen: [string, string][] = [];
  const error = await t.throwsAsync(
    new RobotExclusionRulesParser().fetch(as(server, 'robots.test', '/robots.txt'), {
      lookup: testLookup,
      allowAddress: (address, host) => {
        seen.push([address, host]);
        return isPublicAddress(address);
      },
    }),
    { instanceOf: RobotsFetchError },
  );
  t.is(error.reason, 'address');
  t.regex(error.message, /allowAddress refused robots\.test \(127\.0\.0\.1\)$/);
  t.deepEqual(seen, [['127.0.0.1', 'robots.test']]);
  t.is(server.connections, 0);
});

test('a lookup resolving a made-up name is used to connect, when the policy allows the address', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(as(server, 'robots.test', '/robots.txt'), { lookup: testLookup, allowAddress: (address) => address === '127.0.0.1' });
  t.false(p.isAllowed('bot', '/private'));
  t.is(server.requests[0]!.headers.host, new URL(as(server, 'robots.test', '/')).host);
});

test('of the addresses a name resolves to, only those allowed are tried', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const both: LookupFunction = (_hostname, _options, callback) =>
    callback(null, [
      { address: '169.254.169.254', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ] satisfies LookupAddress[]);
  const tried: string[] = [];
  const p = new RobotExclusionRulesParser();
  await p.fetch(as(server, 'two.test', '/robots.txt'), {
    lookup: both,
    allowAddress: (address) => {
      tried.push(address);
      return address === '127.0.0.1';
    },
  });
  t.deepEqual(tried, ['169.254.169.254', '127.0.0.1']);
  t.false(p.isAllowed('bot', '/private'));
});

test('by default, the URL given may be on loopback, and a redirect on the same host is followed', async (t) => {
  const target = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const origin = await serve(t, { '/robots.txt': redirect(302, target.url('/robots.txt')) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(origin.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/private'));
});

test('by default, a redirect from one host to loopback under another name is refused before connecting', async (t) => {
  const metadata = await serve(t, { '/latest/meta-data/': respond(200, 'User-agent: *\nDisallow: /\n') });
  const origin = await serve(t, { '/robots.txt': redirect(302, as(metadata, 'localhost', '/latest/meta-data/')) });
  const p = new RobotExclusionRulesParser();
  const error = await t.throwsAsync(p.fetch(origin.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'address');
  t.is(error.responseCode, 302, 'the last status received: the redirect');
  t.regex(error.message, /: the redirect to localhost \(.+\) leads to an address that is not public; pass allowAddress to allow it$/);
  t.is(metadata.connections, 0);
  t.true(p.isAllowed('bot', '/'), 'nothing was parsed');
});

test('by default, a redirect from a named host to an IP literal on loopback is refused', async (t) => {
  const target = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const origin = await serve(t, { '/robots.txt': redirect(301, target.url('/robots.txt')) });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(as(origin, 'public.test', '/robots.txt'), { lookup: testLookup }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'address');
  t.regex(error.message, /the redirect to 127\.0\.0\.1 leads to an address that is not public/);
  t.is(origin.connections, 1);
  t.is(target.connections, 0);
});

test('by default, redirects to the IPv4-mapped and bracketed forms of loopback are refused too', async (t) => {
  const origin = await serve(t, { '/a': redirect(302, 'http://[::ffff:127.0.0.1]:9/robots.txt'), '/b': redirect(302, 'http://[::1]:9/robots.txt') });
  for (const path of ['/a', '/b']) {
    const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(as(origin, 'public.test', path), { lookup: testLookup }), {
      instanceOf: RobotsFetchError,
    });
    t.is(error.reason, 'address', path);
  }
});

test('allowAddress replaces the default: a redirect to localhost is followed when it allows loopback', async (t) => {
  const target = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const origin = await serve(t, { '/robots.txt': redirect(302, as(target, 'localhost', '/robots.txt')) });
  const hosts = new Set<string>();
  const p = new RobotExclusionRulesParser();
  await p.fetch(origin.url('/robots.txt'), {
    allowAddress: (address, host) => {
      hosts.add(host);
      return address === '127.0.0.1';
    },
  });
  t.false(p.isAllowed('bot', '/private'));
  t.deepEqual([...hosts].sort(), ['127.0.0.1', 'localhost']);
});

test('an allowAddress that throws refuses, with what it threw as the cause', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const boom = new Error('boom');
  const error = await t.throwsAsync(
    new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), {
      allowAddress: () => {
        throw boom;
      },
    }),
    { instanceOf: RobotsFetchError },
  );
  t.is(error.reason, 'address');
  t.is(error.cause, boom);
  t.regex(error.message, /allowAddress refused 127\.0\.0\.1: it threw$/);
  t.is(server.connections, 0);
});

test("under RFC 9309's status policy a refusal still throws: the caller's own policy says nothing of the site", async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const error = await t.throwsAsync(
    new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { statusPolicy: 'rfc9309', allowAddress: isPublicAddress }),
    {
      instanceOf: RobotsFetchError,
    },
  );
  t.is(error.reason, 'address');
});

test('RobotsCache passes allowAddress on: a refused origin is disallowed by default, and never connected to', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, '') });
  const events: RobotsFetchEvent[] = [];
  const cache = new RobotsCache({ userAgent: 'bot', fetchOptions: { allowAddress: isPublicAddress }, onFetch: (e) => events.push(e) });
  t.false(await cache.isAllowed(server.url('/page')));
  t.is(events[0]!.error?.code, 'ERR_ROBOTS_FETCH');
  t.is((events[0]!.error as RobotsFetchError).reason, 'address');
  t.is(server.connections, 0);
});

test("RobotsCache's default refuses a robots.txt redirected to loopback under another name", async (t) => {
  const metadata = await serve(t, { '/latest/meta-data/': respond(200, '') });
  const origin = await serve(t, { '/robots.txt': redirect(302, as(metadata, 'localhost', '/latest/meta-data/')) });
  const cache = new RobotsCache({ userAgent: 'bot', onServerError: 'throw' });
  const error = await t.throwsAsync(cache.get(origin.url('/page')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'address');
  t.is(metadata.connections, 0);
});

test('get and getAllowed take allowAddress and lookup', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const error = await t.throwsAsync(get(server.url('/'), 'bot', { allowAddress: isPublicAddress, onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'address');
  const parser = await get(as(server, 'robots.test', '/'), 'bot', { lookup: testLookup, onServerError: 'throw' });
  t.false(parser.isAllowed('bot', '/private'));
});

test('allowAddress and lookup must be functions', async (t) => {
  for (const key of ['allowAddress', 'lookup']) {
    const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch('http://127.0.0.1:9/robots.txt', { [key]: 'public' }), {
      instanceOf: InvalidArgumentError,
    });
    t.is(error.message, `fetch option ${key} must be a function, got "public"`);
    t.is(error.argument, key);
  }
});
