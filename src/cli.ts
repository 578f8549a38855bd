#!/usr/bin/env node
// The `rerp` command: I/O at the edge, answers from the library.
import { readFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RobotExclusionRulesParser, type Verdict } from './parser.js';
import { parseRobots } from './parse.js';
import { GYM2008, MK1996, type Syntax } from './syntax.js';

const SYNTAXES: Record<string, Syntax> = { mk1996: MK1996, gym2008: GYM2008 };

const USAGE = `Usage:
  rerp check [--syntax NAME[,NAME...]|all] [--json] <robots.txt file> <user-agent> <url>...
  rerp show <robots.txt file>

check  prints, for each URL, whether the user agent may fetch it and the line that decided.
       --syntax takes ${Object.keys(SYNTAXES).join(', ')} (default gym2008), a comma-separated
       list of them, or all: with more than one, each URL gets a line per syntax.
       Exit status: 0 all allowed, 1 any disallowed, 2 usage error or unreadable file.
show   prints the parsed rules in robots.txt form, the crawl delays and the sitemaps.`;

/** Where the command writes; injectable so tests can run it in-process. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {
  /** False when a pointer to --help would not help (an unreadable file). */
  constructor(message: string, readonly hint = true) {
    super(message);
  }
}

function syntaxesNamed(spec: string): string[] {
  const names = spec.toLowerCase() === 'all' ? Object.keys(SYNTAXES) : spec.toLowerCase().split(',');
  for (const name of names) {
    if (!(name in SYNTAXES)) {
      throw new UsageError(`unknown syntax "${name}": use ${Object.keys(SYNTAXES).join(', ')} or all`);
    }
  }
  return [...new Set(names)];
}

/** Reads a robots.txt file: UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 bytes. */
async function readRobots(file: string): Promise<string | Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${reason}`, false);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

function describe(verdict: Verdict): string {
  if (verdict.record === null) return 'no record applies to this user agent';
  const rec = `record "${verdict.record.names.join(', ')}" (line ${verdict.record.line})`;
  if (verdict.rule === null) return `no rule matched in ${rec}`;
  const { kind, path, line } = verdict.rule;
  const written = `${kind === 'allow' ? 'Allow' : 'Disallow'}: ${path}`;
  return `line ${line}: ${written}${path === '' ? ' (an empty path inverts the rule)' : ''} in ${rec}`;
}

async function check(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { syntax: { type: 'string', default: 'gym2008' }, json: { type: 'boolean', default: false } },
  });
  const names = syntaxesNamed(values.syntax!);
  const [file, userAgent, ...urls] = positionals;
  if (file === undefined || userAgent === undefined || urls.length === 0) {
    throw new UsageError('check needs a robots.txt file, a user agent and at least one URL');
  }
  const parser = new RobotExclusionRulesParser();
  parser.parse(await readRobots(file));
  const verdicts = urls.flatMap((url) =>
    names.map((syntax) => ({ url, syntax, ...parser.explain(userAgent, url, SYNTAXES[syntax]) })),
  );
  if (values.json) {
    io.out(JSON.stringify({ userAgent, results: verdicts }, null, 2));
  } else if (names.length === 1) {
    for (const v of verdicts) io.out(`${v.allowed ? 'allowed   ' : 'disallowed'} ${v.url}  (${describe(v)})`);
  } else {
    const width = Math.max(...names.map((n) => n.length));
    verdicts.forEach((v, i) => {
      if (i % names.length === 0) io.out(v.url);
      io.out(`  ${v.syntax.padEnd(width)}  ${v.allowed ? 'allowed   ' : 'disallowed'}  ${describe(v)}`);
    });
  }
  return verdicts.every((v) => v.allowed) ? 0 : 1;
}

async function show(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('show needs exactly one robots.txt file');
  const input = await readRobots(positionals[0]!);
  const parser = new RobotExclusionRulesParser();
  parser.parse(input);
  io.out(parser.toString().trimEnd());
  const { records } = parseRobots(input);
  io.out('');
  io.out('# Crawl delays:');
  const delays = records.filter((r) => r.crawlDelay !== null);
  if (delays.length === 0) io.out('#   none');
  for (const r of delays) io.out(`#   ${r.names.join(', ')}: ${r.crawlDelay} s`);
  io.out('# Sitemaps:');
  if (parser.sitemaps.length === 0) io.out('#   none');
  for (const url of parser.sitemaps) io.out(`#   ${url}`);
  return 0;
}

/**
 * Runs the command line `args` (without `node` and the script) and returns
 * the exit status: 0 all allowed, 1 any disallowed, 2 usage or input error.
 */
export async function main(args: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'check':
        return await check(rest, io);
      case 'show':
        return await show(rest, io);
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return 0;
      default:
        throw new UsageError(command === undefined ? 'no command given' : `unknown command "${command}"`);
    }
  } catch (error) {
    const parseArgsError = (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true;
    if (error instanceof UsageError || parseArgsError) {
      io.err(`rerp: ${(error as Error).message}`);
      if (parseArgsError || (error as UsageError).hint) io.err(`Try 'rerp --help'.`);
      return 2;
    }
    throw error;
  }
}

function isEntryPoint(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const io: CliIO = { out: (l) => process.stdout.write(l + '\n'), err: (l) => process.stderr.write(l + '\n') };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`rerp: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
