// CommonJS code loads this ES module package as the README says: with
// require() on Node >= 20.19 and >= 22.12, with import() before that.
import test from 'ava';
import { execFile } from 'node:child_process';
import { startServer, respond } from '../helpers/server.js';
import { ROOT } from './build.js';

/** Runs `source` as a CommonJS script from the repository, where the package resolves to itself. */
function runCommonJs(source: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=commonjs', '-e', source], { cwd: ROOT, timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : 1, stdout, stderr }),
    );
  });
}

const USE = (load: string): string => `
(async () => {
  const { RobotExclusionRulesParser } = ${load};
  const { RobotExclusionRulesParser: Python } = ${load.replace("'robotexclusionrulesparser'", "'robotexclusionrulesparser/python'")};
  const p = new RobotExclusionRulesParser();
  p.parse('User-agent: *\\nDisallow: /private/');
  const fetched = new Python();
  await fetched.fetch(process.argv[1], 10);
  console.log(JSON.stringify([p.isAllowed('MyBot', '/private/x'), fetched.is_allowed('MyBot', '/tmp/x'), fetched.response_code]));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Node's own answer to whether require() loads ES modules (true from 20.19 and 22.12). */
const requireLoadsEsm = (process.features as { require_module?: boolean }).require_module === true;

test(`CommonJS loads the package with ${requireLoadsEsm ? 'require()' : 'import(), as require() throws'} on Node ${process.version}`, async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, 'User-agent: *\nDisallow: /tmp/\n') });
  t.teardown(() => server.close());
  const withArg = (source: string): string => source.replace('process.argv[1]', JSON.stringify(server.url('/robots.txt')));
  const imported = await runCommonJs(withArg(USE("await import('robotexclusionrulesparser')")));
  t.is(imported.code, 0, imported.stderr);
  t.is(imported.stdout.trim(), '[false,false,200]');
  const required = await runCommonJs(withArg(USE("require('robotexclusionrulesparser')")));
  if (requireLoadsEsm) {
    t.is(required.code, 0, required.stderr);
    t.is(required.stdout.trim(), '[false,false,200]');
  } else {
    t.not(required.code, 0);
    t.regex(required.stderr, /ERR_REQUIRE_ESM/);
  }
});
