// The import rules of docs/architecture.md, checked on every file of src/:
// the "may import" column of its tables is read from the doc itself, so the
// doc and the code cannot drift, and no import may close a circle.
//
// A row's first cell names a folder (`engine/`) or a file at the top of src/
// (`parser.ts`). Its "may import" cell names, in backticks, what its files
// may import besides their own folder: folders (`text/`), top files
// (`syntax.ts`), `node:` for Node's modules, or a package (`keyv`,
// `#http-platform`). A name followed by "(types)" is allowed in `import type`
// only; a clause (up to a `;`) that ends "only in `a.ts`, `b.ts`" allows its
// names in those files of the folder alone; "anything of the package" allows
// every file of src/. Imports are read by TypeScript's parser: `import`,
// `import type`, `export … from`, `import()` of a string and `import('…')`
// types alike.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
const DOC = 'docs/architecture.md';

/** One import of a file: what it names, and whether only types come through it. */
interface Import {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

/** What a row of the doc allows. */
interface Rule {
  /** Names allowed everywhere in the row, with whether only for types. */
  readonly allowed: Map<string, { typeOnly: boolean }>;
  /** Names allowed only in some files of the row's folder. */
  readonly onlyIn: Map<string, Set<string>>;
  readonly anything: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [relative(SRC, join(dir, e.name)).split('\\').join('/')] : [],
  );
}

function onlyTypes(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier> | undefined): boolean {
  return elements !== undefined && elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

/** Every import of a source file, read by TypeScript's parser. */
function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause !== undefined && (clause.phaseModifier === ts.SyntaxKind.TypeKeyword || (clause.name === undefined && onlyTypes(named)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause !== undefined && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || onlyTypes(named) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names in backticks of a piece of a cell. */
function names(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** Reads a "may import" cell (the grammar is at the top of this file). */
function parseRule(cell: string): Rule {
  const rule: Rule = { allowed: new Map(), onlyIn: new Map(), anything: /^anything of the package\b/.test(cell.trim()) };
  for (const clause of cell.split(';')) {
    const [what, where] = clause.split(/\bonly in\b/);
    for (const m of what!.matchAll(/`([^`]+)`( \(types\))?/g)) {
      if (where === undefined) rule.allowed.set(m[1]!, { typeOnly: m[2] !== undefined });
      else rule.onlyIn.set(m[1]!, new Set(names(where)));
    }
  }
  return rule;
}

/** The rows of every table of the doc that has a "may import" column, by the folder or top file they name. */
function readTables(doc: string): Map<string, Rule> {
  const rows = new Map<string, Rule>();
  let column = -1;
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) {
      column = -1;
      continue;
    }
    const cells = line.split('|').slice(1, -1);
    const at = cells.findIndex((c) => c.trim() === 'may import');
    if (at >= 0) column = at;
    else if (column >= 0 && !/^\s*-+\s*$/.test(cells[0]!)) {
      const [name] = names(cells[0]!);
      if (name !== undefined) rows.set(name, parseRule(cells[column]!));
    }
  }
  return rows;
}

/** The row a file of src/ falls under: its folder (`engine/`), or itself at the top (`parser.ts`). */
const rowOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/') + 1) : file);

/** The files of src/ an import names, or none for a module from outside the package. */
function targets(file: string, specifier: string, hashImports: Record<string, unknown>): string[] {
  if (specifier.startsWith('.')) return [join(dirname(file), specifier).split('\\').join('/').replace(/\.js$/, '.ts')];
  if (!specifier.startsWith('#')) return [];
  // Every condition's file: `#http-platform` is platform-node.ts under Node, platform-web.ts elsewhere.
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') found.add(v.replace(/^\.\/dist\/src\//, '').replace(/\.js$/, '.ts'));
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(hashImports[specifier]);
  return [...found];
}

/** The name a row's cell would give an import: a folder, a top file, `node:`, or a package. */
function nameOf(target: string | undefined, specifier: string): string {
  if (target !== undefined) return rowOf(target);
  if (specifier.startsWith('node:')) return 'node:';
  if (specifier.startsWith('#')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Why an import breaks the rule of its row, or null when the rule allows it. */
function breach(file: string, imp: Import, target: string | undefined, rule: Rule): string | null {
  const row = rowOf(file);
  const name = nameOf(target, imp.specifier);
  if (target !== undefined && (name === row || rule.anything)) return null;
  const allowed = rule.allowed.get(name);
  if (allowed !== undefined && (imp.typeOnly || !allowed.typeOnly)) return null;
  if (rule.onlyIn.get(name)?.has(file.slice(row.length)) === true) return null;
  const why =
    allowed !== undefined
      ? `lets ${row} import ${name} for types only`
      : rule.onlyIn.has(name)
        ? `lets ${row} import ${name} only in ${[...rule.onlyIn.get(name)!].join(', ')}`
        : `does not let ${row} import ${name}`;
  return `src/${file} imports '${imp.specifier}': ${DOC} ${why}`;
}

/** The import circles of a graph, each as the files around it, found by Tarjan's strongly connected components. */
function circles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.add(w);
    } while (w !== v);
    if (component.size > 1 || graph.get(v)?.has(v) === true) found.push(shortestCircle(v, component, graph));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return found;
}

/** The shortest way from `start` back to itself inside its component, breadth first. */
function shortestCircle(start: string, component: ReadonlySet<string>, graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of [...(graph.get(queue[i]!) ?? [])].sort()) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let v = queue[i]!; v !== start; v = from.get(v)!) path.splice(1, 0, v);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, queue[i]!);
        queue.push(w);
      }
    }
  }
  return [start];
}

const files = sourceFiles(SRC).sort();
const rules = readTables(readFileSync(join(ROOT, DOC), 'utf8'));
const hashImports = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, unknown> }).imports;
const parsed = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(join(SRC, f), 'utf8'), ts.ScriptTarget.Latest, true)]));
const imports = new Map(files.map((f) => [f, importsOf(parsed.get(f)!)]));

test('the doc has a row for every folder and top file of src/, and none for what is not there', (t) => {
  t.true(files.length > 50);
  t.deepEqual(
    [...new Set(files.map(rowOf))].filter((row) => !rules.has(row)),
    [],
    `rows missing from ${DOC}`,
  );
  t.deepEqual(
    [...rules.keys()].filter((row) => !files.some((f) => rowOf(f) === row)),
    [],
    `rows of ${DOC} for nothing in src/`,
  );
  for (const [row, rule] of rules) {
    for (const name of [...rule.allowed.keys(), ...rule.onlyIn.keys()]) {
      if (name.endsWith('/') || name.endsWith('.ts')) t.true(rules.has(name), `${row} may import ${name}, which has no row`);
    }
  }
});

test('every import of src/ is one its row of docs/architecture.md allows', (t) => {
  const breaches: string[] = [];
  for (const file of files) {
    const rule = rules.get(rowOf(file));
    if (rule === undefined) continue;
    for (const imp of imports.get(file)!) {
      const found = targets(file, imp.specifier, hashImports);
      for (const target of found.length > 0 ? found : [undefined]) {
        if (target !== undefined && !parsed.has(target)) breaches.push(`src/${file} imports '${imp.specifier}', which is not a file of src/`);
        const why = breach(file, imp, target, rule);
        if (why !== null) breaches.push(why);
      }
    }
  }
  t.deepEqual(breaches, []);
});

test('no import of src/ closes a circle', (t) => {
  const graph = new Map(files.map((f) => [f, new Set(imports.get(f)!.flatMap((imp) => targets(f, imp.specifier, hashImports)))]));
  t.deepEqual(
    circles(graph).map((circle) => circle.map((f) => `src/${f}`).join(' -> ')),
    [],
  );
});

test("the core uses none of Node's globals: it runs in browsers and workers", (t) => {
  const doc = readFileSync(join(ROOT, DOC), 'utf8').replace(/\s+/g, ' ');
  const core = names(/((?:`[a-z0-9-]+\/`(?:, | and )?)+) form the core/.exec(doc)?.[1] ?? '');
  t.true(core.length >= 4, `${DOC} names the core`);
  const uses: string[] = [];
  for (const [file, source] of parsed) {
    if (!core.includes(rowOf(file))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && (node.text === 'Buffer' || node.text === 'process')) uses.push(`src/${file}: ${node.text}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  t.deepEqual(uses, []);
});

test('the checks find what they are for', (t) => {
  // A circle of three, and an import a row does not allow, in made-up files.
  const graph = new Map([
    ['a.ts', new Set(['b/x.ts'])],
    ['b/x.ts', new Set(['b/y.ts'])],
    ['b/y.ts', new Set(['a.ts', 'c.ts'])],
    ['c.ts', new Set<string>()],
  ]);
  t.deepEqual(circles(graph), [['a.ts', 'b/x.ts', 'b/y.ts', 'a.ts']]);
  const rule = parseRule('`text/`, `keyv` (types); `node:` only in `io.ts`');
  t.is(breach('b/x.ts', { specifier: '../text/a.js', typeOnly: false }, 'text/a.ts', rule), null);
  t.is(breach('b/x.ts', { specifier: 'keyv', typeOnly: true }, undefined, rule), null);
  t.regex(breach('b/x.ts', { specifier: 'keyv', typeOnly: false }, undefined, rule) ?? '', /keyv for types only/);
  t.is(breach('b/io.ts', { specifier: 'node:fs', typeOnly: false }, undefined, rule), null);
  t.regex(breach('b/x.ts', { specifier: 'node:fs', typeOnly: false }, undefined, rule) ?? '', /node: only in io\.ts/);
  t.regex(breach('b/x.ts', { specifier: '../engine/a.js', typeOnly: true }, 'engine/a.ts', rule) ?? '', /does not let b\/ import engine\//);
  const source = ts.createSourceFile(
    'x.ts',
    "import type { A } from './a.js';\nimport { type B } from './b.js';\nexport { C } from './c.js';\nconst d = await import('./d.js');\ntype E = import('./e.js').E;\n",
    ts.ScriptTarget.Latest,
  );
  t.deepEqual(importsOf(source), [
    { specifier: './a.js', typeOnly: true },
    { specifier: './b.js', typeOnly: true },
    { specifier: './c.js', typeOnly: false },
    { specifier: './d.js', typeOnly: false },
    { specifier: './e.js', typeOnly: true },
  ]);
});
