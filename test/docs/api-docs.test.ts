// `npm run docs` as a test: typedoc runs once into a temporary folder, and the
// site it writes is checked as a reader meets it: the guides of docs/ are pages
// in its navigation, the modules are named by their import path, and no name
// of the package's internals shows on an API page.
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KIND_MODULE = 2;
const KIND_DOCUMENT = 8388608;

let out = '';
let log = '';

test.before(async () => {
  out = await mkdtemp(join(tmpdir(), 'rerp-api-'));
  const typedoc = join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');
  // Type errors are npm run typecheck's to find; skipping the check halves typedoc's time.
  const result = await promisify(execFile)(process.execPath, [typedoc, '--out', out, '--skipErrorChecking'], { cwd: ROOT, maxBuffer: 16 << 20 });
  log = result.stdout + result.stderr;
});

test.after.always(async () => {
  if (out !== '') await rm(out, { recursive: true, force: true });
});

interface NavItem {
  text: string;
  path?: string;
  kind?: number;
  children?: NavItem[];
}

/** Every entry of the site's navigation, nested ones too, as typedoc stores it in assets/navigation.js (deflated JSON, base64). */
async function navigation(): Promise<NavItem[]> {
  const script = await readFile(join(out, 'assets', 'navigation.js'), 'utf8');
  const data = /"([A-Za-z0-9+/=]+)"/.exec(script)![1]!;
  const flat = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
  return flat(JSON.parse(inflateSync(Buffer.from(data, 'base64')).toString('utf8')) as NavItem[]);
}

/** The title a guide gives itself in its front matter. */
function titleOf(markdown: string): string | null {
  const m = /^---\r?\n(?:.*\r?\n)*?title:\s*(.+?)\s*\r?\n(?:.*\r?\n)*?---\r?\n/.exec(markdown);
  return m === null ? null : m[1]!;
}

/**
 * Names a reader of the API must never meet: every top-level declaration in
 * src/ and every export of src/internal.ts, less what the two public entries
 * export (under the names they export), of those written in camelCase,
 * PascalCase with two words or more, or with an underscore.
 */
function internalNames(): Set<string> {
  const entries = ['src/index.ts', 'src/adapters/python.ts'].map((f) => join(ROOT, f));
  const program = ts.createProgram([...entries, join(ROOT, 'src/internal.ts')], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!).map((s) => s.name);
  const publicNames = new Set(entries.flatMap(exportsOf));
  // The members of public types are public too (RobotsCacheOptions.fetchOptions).
  for (const entry of entries) {
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) publicNames.add(member.name);
    }
  }
  const names = new Set(exportsOf(join(ROOT, 'src/internal.ts')));
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(join(ROOT, 'src'))) continue;
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        statement.name !== undefined
      ) {
        names.add(statement.name.text);
      }
    }
  }
  for (const name of publicNames) names.delete(name);
  // Single words (`Rule`, `what`) are prose as often as names: only compound ones count.
  return new Set([...names].filter((name) => /[a-z0-9][A-Z]|_/.test(name)));
}

test('the API reference builds with every public symbol documented', async (t) => {
  // typedoc.json treats every warning (an undocumented public symbol, a broken link) as an error.
  t.notRegex(log, /\[warning\]|\[error\]/);
  t.true((await stat(join(out, 'index.html'))).isFile());
});

test('every guide in docs/ is a page of the site, in its navigation, under its own title', async (t) => {
  const pages = (await navigation()).filter((n) => n.kind === KIND_DOCUMENT);
  const guides = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
  t.true(guides.length >= 10);
  for (const guide of guides) {
    const title = titleOf(readFileSync(join(ROOT, 'docs', guide), 'utf8'));
    if (title === null) {
      t.fail(`docs/${guide} has no front matter title`);
      continue;
    }
    const page = pages.find((p) => p.text === title);
    if (page?.path === undefined) {
      t.fail(`docs/${guide} ("${title}") is not in the navigation`);
      continue;
    }
    const heading = /^#{1,3} (.+)$/m.exec(readFileSync(join(ROOT, 'docs', guide), 'utf8'))![1]!.replace(/`/g, '');
    const html = (await readFile(join(out, page.path), 'utf8')).replace(/<[^>]*>/g, '');
    t.true(html.includes(heading), `${page.path} renders the guide, headed ${heading}`);
  }
  t.is(pages.length, guides.length);
});

test('the modules are named by the import paths package.json exports', async (t) => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
  const importPaths = Object.keys(pkg.exports)
    .filter((k) => !k.endsWith('.json'))
    .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`));
  const modules = (await navigation()).filter((n) => n.kind === KIND_MODULE).map((n) => n.text);
  t.deepEqual(modules.sort(), importPaths.sort());
});

test('no internal name shows on a page of the API reference', async (t) => {
  const internal = internalNames();
  t.true(internal.has('addPythonNames') && internal.has('parseRobots') && !internal.has('RobotsCache'), 'the internal names are found');
  const bad: string[] = [];
  let pages = 0;
  for (const dir of await readdir(out, { withFileTypes: true })) {
    // documents/ and index.html hold the guides, which name source files and internals on purpose.
    if (!dir.isDirectory() || dir.name === 'documents' || dir.name === 'assets' || dir.name === 'media') continue;
    for (const file of await readdir(join(out, dir.name))) {
      pages++;
      const text = (await readFile(join(out, dir.name, file), 'utf8')).replace(/<wbr\/>/g, '').replace(/<[^>]*>/g, ' ');
      for (const word of new Set(text.match(/[A-Za-z_$][\w$]*/g))) if (internal.has(word)) bad.push(`${dir.name}/${file}: ${word}`);
    }
  }
  t.true(pages > 20, `${pages} pages`);
  t.deepEqual(bad, []);
});
