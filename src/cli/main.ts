#!/usr/bin/env node
// The `rerp` command: I/O at the edge, answers from the library.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RobotExclusionRulesParser } from '../parser.js';
import type { Verdict } from '../verdict.js';
import type { ParsedRobots } from '../classic/model.js';
import { GYM2008, type Syntax } from '../syntax.js';
import { InvalidArgumentError, InvalidUrlError, RobotsEncodingError, RobotsFetchError } from '../errors.js';
import { headerUserAgent, isCheckableUrl, isUrl, readRobots, sentence, SYNTAXES, syntaxesNamed, timeoutMs, UsageError } from './input.js';
import { statusPolicyFor } from '../hosts/unreachable.js';
import { helpFor, packageVersion, usage } from './help.js';
import type { CliIO } from './io.js';

/**
 * A parser holding the robots.txt at `url`, fetched as `userAgent`; a failed
 * fetch is a one-line error. A `url` that is not http(s) throws InvalidUrlError.
 */
async function fetchRobots(url: string, userAgent: string, timeout: number, syntax: Syntax): Promise<RobotExclusionRulesParser> {
  const parser = new RobotExclusionRulesParser();
  parser.userAgent = headerUserAgent(userAgent);
  try {
    await parser.fetch(url, { timeout, statusPolicy: statusPolicyFor(syntax) });
  } catch (error) {
    if (error instanceof RobotsFetchError || error instanceof RobotsEncodingError) throw new UsageError(error.message, false);
    throw error;
  }
  return parser;
}

function describe(verdict: Verdict): string {
  if (verdict.record === null) return 'no record applies to this user agent';
  const rec = `record "${verdict.record.names.join(', ')}" (line ${verdict.record.line})`;
  if (verdict.overBound === true) return `the rules of ${rec} took more work on this URL than a check may do: disallowed (docs/behaviour.md §9.45)`;
  if (verdict.rule === null) return `no rule matched in ${rec}`;
  const { kind, path, line } = verdict.rule;
  const written = `${kind === 'allow' ? 'Allow' : 'Disallow'}: ${path}`;
  return `line ${line}: ${written}${path === '' ? ' (an empty path inverts the rule)' : ''} in ${rec}`;
}

async function check(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      syntax: { type: 'string', default: 'gym2008' },
      json: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '10' },
    },
  });
  const names = syntaxesNamed(values.syntax);
  const timeout = timeoutMs(values.timeout);
  const [file, userAgent, ...urls] = positionals;
  if (file === undefined || userAgent === undefined || urls.length === 0) {
    throw new UsageError('check needs a robots.txt file or URL, a user agent and at least one URL');
  }
  for (const url of urls) {
    if (!isCheckableUrl(url)) throw new UsageError(`invalid URL "${url}": give a path starting with / or an absolute http(s) URL`);
  }
  let parser: RobotExclusionRulesParser;
  if (isUrl(file)) {
    // The status policy of the one syntax asked for; the original's when several are compared.
    parser = await fetchRobots(file, userAgent, timeout, names.length === 1 ? SYNTAXES[names[0]!]! : GYM2008);
  } else {
    parser = new RobotExclusionRulesParser();
    parser.parse(await readRobots(file, io.stdin));
  }
  const verdicts = urls.flatMap((url) => names.map((syntax) => ({ url, syntax, ...parser.explain(userAgent, url, SYNTAXES[syntax]) })));
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

/** A parser whose records `show` may list, without parsing the file a second time. */
class InspectedParser extends RobotExclusionRulesParser {
  get parsedForShow(): ParsedRobots {
    return this.parsed;
  }
}

async function show(args: string[], io: CliIO): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('show needs exactly one robots.txt file');
  const parser = new InspectedParser();
  parser.parse(await readRobots(positionals[0]!, io.stdin));
  io.out(parser.toString().trimEnd());
  const { records } = parser.parsedForShow;
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
 * the exit status: 0 all allowed (lint: no errors), 1 any disallowed (lint: any error), 2 usage or
 * input error.
 */
export async function main(args: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = args;
  // `rerp <command> --help` (before any `--`) is that command's help, whatever else is given.
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  const help = command === undefined ? null : helpFor(command);
  if (help !== null && (options.includes('--help') || options.includes('-h'))) {
    io.out(help);
    return 0;
  }
  try {
    switch (command) {
      case 'check':
        return await check(rest, io);
      case 'show':
        return await show(rest, io);
      case 'batch':
        // Loaded when used, as is what they load (cli-progress, the lint modules): `check` starts faster.
        return await (await import('./batch-command.js')).batchCommand(rest, io);
      case 'lint':
        return await (await import('./lint-command.js')).lintCommand(rest, io);
      case 'serve':
        return await (await import('./serve-command.js')).serveCommand(rest, io);
      case '--help':
      case '-h':
      case 'help':
        io.out((rest[0] === undefined ? null : helpFor(rest[0])) ?? usage());
        return 0;
      case '--version':
      case '-V':
        io.out(`rerp ${packageVersion()}`);
        return 0;
      default:
        throw new UsageError(command === undefined ? 'no command given' : `unknown command "${command}"`);
    }
  } catch (error) {
    const parseArgsError = (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true;
    // A bad argument the library refused (a robots.txt URL that is not http(s), a user agent that
    // cannot be sent) is a usage error too.
    const refused = error instanceof InvalidArgumentError || error instanceof InvalidUrlError;
    if (error instanceof UsageError || parseArgsError || refused) {
      const hint = parseArgsError || refused || (error as UsageError).hint ? ` (try 'rerp --help')` : '';
      // One style for every message: `rerp: ` and a sentence in lower case.
      io.err(`rerp: ${sentence((error as Error).message)}${hint}`);
      return 2;
    }
    throw error;
  }
}

/**
 * Writes lines to `stream` until its reader leaves: a reader that leaves
 * early (`| head`, on standard output or error) is not an error, so writing
 * stops there, `closed` is aborted and the exit status stays the verdicts'.
 */
function lineWriter(stream: NodeJS.WriteStream): { write: (line: string) => void; ready: () => Promise<void>; closed: AbortSignal } {
  const closed = new AbortController();
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed.abort();
  });
  return {
    write: (line) => {
      if (closed.signal.aborted) return;
      // Lines written in one tick go out in one system call, where a pipe takes one call a write
      // (docs/performance.md, "rerp batch").
      if (stream.writableCorked === 0) {
        stream.cork();
        process.nextTick(() => stream.uncork());
      }
      stream.write(line + '\n');
    },
    ready: () =>
      closed.signal.aborted || !stream.writableNeedDrain
        ? Promise.resolve()
        : new Promise((resolve) => {
            const done = (): void => {
              stream.off('drain', done);
              closed.signal.removeEventListener('abort', done);
              resolve();
            };
            stream.on('drain', done);
            closed.signal.addEventListener('abort', done);
          }),
    closed: closed.signal,
  };
}

function isEntryPoint(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const out = lineWriter(process.stdout);
  const io: CliIO = {
    out: out.write,
    err: lineWriter(process.stderr).write,
    outReady: out.ready,
    outClosed: out.closed,
    onInterrupt: (handler) => {
      // The first Ctrl-C asks the command to stop; a second one ends the process at once.
      process.once('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    stdin: process.stdin,
    ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`rerp: ${(error instanceof Error ? error.stack : undefined) ?? String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
