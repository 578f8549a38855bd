// Links in the Markdown the package ships (README.md, CHANGELOG.md and
// docs/*.md, as package.json's `files` lists them) must work where a reader
// meets them: on the repository's pages, in the API site (typedoc rewrites a
// link to a guide into a link to its page) and in an installed package. So a
// relative link must name a file that `npm pack` puts in the package, and an
// anchor must name a heading of its target, as GitHub makes anchors.
import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** One inline link of a Markdown text. */
interface Link {
  readonly line: number;
  readonly target: string;
}

/** The lines of a Markdown text with fenced blocks blanked out, and inline code too unless `keepCode`, so that their brackets are not read as links. */
function prose(markdown: string, keepCode = false): string[] {
  let fence: string | null = null;
  return markdown.split(/\r?\n/).map((line) => {
    const t = line.trim();
    const open = /^(`{3,}|~{3,})/.exec(t);
    if (fence === null && open !== null) {
      fence = open[1]!;
      return '';
    }
    if (fence !== null) {
      if (t.length >= fence.length && t === fence[0]!.repeat(t.length)) fence = null;
      return '';
    }
    return keepCode ? line : line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** The inline links `[text](target)` of a Markdown text, outside code. */
function linksOf(markdown: string): Link[] {
  return prose(markdown).flatMap((line, i) => [...line.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ line: i + 1, target: m[1]! })));
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings; a repeated heading gets `-1`, `-2`... as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(markdown, true)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m === null) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/**
 * What is wrong with each link of `file` (a path relative to the package
 * root, `text` its content), given the files the package holds; `read` gives
 * the text of another shipped Markdown file.
 */
function problems(file: string, text: string, shipped: ReadonlySet<string>, read: (path: string) => string): string[] {
  const out: string[] = [];
  for (const { line, target } of linksOf(text)) {
    const where = `${file}:${line}: ${target}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: absolute, the same from everywhere
    const hash = target.indexOf('#');
    const path = hash < 0 ? target : target.slice(0, hash);
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path))).replace(/\\/g, '/');
    if (path !== '' && !shipped.has(resolved)) {
      out.push(`${where}: ${resolved} is not in the package (npm pack), so the link breaks once installed`);
      continue;
    }
    if (anchor !== null && resolved.endsWith('.md') && !anchorsOf(path === '' ? text : read(resolved)).has(anchor)) {
      out.push(`${where}: ${resolved} has no heading with the anchor #${anchor}`);
    }
  }
  return out;
}

/** The files `npm pack` would put in the package, as paths relative to the root. */
async function packedFiles(): Promise<Set<string>> {
  // npm_execpath is npm's own script when the tests run under npm (npm test, npx ava).
  const npm = process.env['npm_execpath'];
  const [cmd, args] = npm !== undefined && npm.endsWith('.js') ? [process.execPath, [npm]] : ['npm', []];
  const { stdout } = await promisify(execFile)(cmd, [...args, 'pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, maxBuffer: 64 << 20 });
  const [pack] = JSON.parse(stdout) as [{ files: { path: string }[] }];
  return new Set(pack.files.map((f) => f.path));
}

test('linksOf finds inline links outside code, with their lines', (t) => {
  const md = 'See [a](a.md) and [b](b.md#x "title").\n```md\n[c](c.md)\n```\nNot `[d](d.md)` but [e](https://e.org/).\n';
  t.deepEqual(linksOf(md), [
    { line: 1, target: 'a.md' },
    { line: 1, target: 'b.md#x' },
    { line: 5, target: 'https://e.org/' },
  ]);
});

test('slug and anchorsOf make the anchors GitHub makes', (t) => {
  t.is(slug("RobotRules: a rules database after Perl's WWW::RobotRules"), 'robotrules-a-rules-database-after-perls-wwwrobotrules');
  t.is(slug('Python names: `robotexclusionrulesparser/python`'), 'python-names-robotexclusionrulesparserpython');
  t.is(slug('read() and HTTP statuses'), 'read-and-http-statuses');
  t.deepEqual([...anchorsOf('# Title\n## Notes\n```sh\n# not a heading\n```\n### Notes\n')], ['title', 'notes', 'notes-1']);
});

test('a relative link to a file the package does not ship fails, as does a missing anchor', (t) => {
  const shipped = new Set(['README.md', 'docs/a.md', 'docs/b.md']);
  const texts: Record<string, string> = { 'docs/a.md': '# A\n## Part one\n', 'docs/b.md': '# B\n' };
  const read = (path: string) => texts[path]!;
  const readme = '[a](docs/a.md) [part](docs/a.md#part-one) [top](#top)\n# Top\n[pypi](https://pypi.org/)\n';
  t.deepEqual(problems('README.md', readme, shipped, read), []);
  t.deepEqual(problems('docs/b.md', '# B\n[a](a.md#part-one) [me](#b) [readme](../README.md)\n', shipped, read), []);
  const broken = problems('docs/b.md', '[src](../src/index.ts) [example](../examples/robots.txt) [gone](a.md#part-two)\n', shipped, read);
  t.is(broken.length, 3);
  t.regex(broken[0]!, /src\/index\.ts is not in the package/);
  t.regex(broken[2]!, /no heading with the anchor #part-two/);
});

test('every link in the shipped Markdown works in the installed package', async (t) => {
  const shipped = await packedFiles();
  const markdown = [...shipped].filter((f) => f.endsWith('.md'));
  t.true(markdown.includes('README.md') && markdown.includes('docs/differences.md'), 'README.md and docs/*.md are in the package');
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  const bad = markdown.flatMap((file) => problems(file, read(file), shipped, read));
  t.deepEqual(bad, []);
  t.log(`${markdown.length} Markdown files checked`);
});

test('the README links prominently to the differences from the Python original', (t) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const intro = readme.slice(0, readme.indexOf('\n## '));
  t.true(intro.includes('[Differences from the Python original](docs/differences.md)'), 'the opening paragraph links to the table');
  t.true(existsSync(join(ROOT, 'docs/differences.md')));
  t.regex(readFileSync(join(ROOT, 'docs/differences.md'), 'utf8'), /^# Differences from the Python original$/m);
});
