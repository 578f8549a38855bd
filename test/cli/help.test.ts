// The help of each command, written once and put together for `rerp --help`,
// and the version, found wherever the build puts the command.
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { helpFor, packageVersion, usage } from '../../src/cli/help.js';

const ROOT = new URL('../../../', import.meta.url);
const COMMANDS = ['check', 'show', 'lint', 'batch', 'serve'];

const version = async (): Promise<string> => (JSON.parse(await readFile(new URL('package.json', ROOT), 'utf8')) as { version: string }).version;

test("each command's help is its usage and its paragraph, and rerp --help is all of them", (t) => {
  const all = usage().split('\n');
  for (const command of COMMANDS) {
    const help = helpFor(command)!.split('\n');
    t.deepEqual(help.slice(0, 3), ['Usage:', help[1]!, '']);
    t.true(help[1]!.startsWith(`  rerp ${command} `) || help[1] === `  rerp ${command}`, command);
    t.regex(help[3]!, new RegExp(`^${command} +\\S`));
    for (const line of help.slice(3)) t.regex(line, /^(\S+ +| {7})\S/, command);
    // Every line of a command's help is in the whole, in the same order.
    t.true(all.includes(help[1]!), command);
    const at = all.indexOf(help[3]!);
    t.deepEqual(all.slice(at, at + help.length - 3), help.slice(3), command);
  }
  t.is(all.filter((l) => l.startsWith('  rerp ')).length, COMMANDS.length);
  t.regex(all.at(-1)!, /rerp --version/);
});

test('a name that is no command has no help, whatever Object.prototype holds', (t) => {
  for (const name of ['nope', 'toString', 'constructor', '__proto__', 'help', '']) t.is(helpFor(name), null, name);
});

test("the version is the package's, asked from any depth of the package", async (t) => {
  const expected = await version();
  t.is(packageVersion(), expected);
  for (const from of ['x.js', 'dist/x.js', 'dist/src/cli/deeper/still/x.js', 'lib/cli.js']) t.is(packageVersion(new URL(from, ROOT)), expected, from);
});

test('rerp --version through a link from another folder, as npm installs the command', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'rerp-bin-'));
  try {
    const link = join(dir, 'rerp');
    await symlink(fileURLToPath(new URL('dist/src/cli/main.js', ROOT)), link);
    const { stdout } = await promisify(execFile)(process.execPath, [link, '--version'], { cwd: dir });
    t.is(stdout, `rerp ${await version()}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
