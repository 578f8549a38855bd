// What `rerp --help` and `rerp --version` print. Each command's help is its
// own entry; `rerp --help` puts them all together.
import { createRequire } from 'node:module';
import { DEFAULT_CONCURRENCY, SYNTAXES } from './input.js';

/** One command's help: its usage (after `rerp `) and its paragraph, one string a line. */
interface CommandHelp {
  readonly usage: string;
  readonly text: readonly string[];
}

const COMMANDS = new Map<string, CommandHelp>([
  [
    'check',
    {
      usage: 'check [--syntax NAME[,NAME...]|all] [--json] [--timeout S] <robots.txt file or URL> <user-agent> <url>...',
      text: [
        'prints, for each URL, whether the user agent may fetch it and the line that decided.',
        'The robots.txt is a file (- for standard input), or an http(s) URL fetched as the user',
        'agent (--timeout seconds, default 10); each URL is a path (/...) or an http(s) URL.',
        `--syntax takes ${Object.keys(SYNTAXES).join(', ')} (default gym2008), a comma-separated list`,
        'of them, or all: with more than one, each URL gets a line per syntax.',
        'Exit status: 0 all allowed, 1 any disallowed, 2 usage error, unreadable file or failed fetch.',
      ],
    },
  ],
  [
    'show',
    {
      usage: 'show <robots.txt file>',
      text: [
        'prints the parsed rules in robots.txt form, the crawl delays and the sitemaps (- reads',
        'standard input). Exit status: 0, or 2 on a usage error or an unreadable file.',
      ],
    },
  ],
  [
    'lint',
    {
      usage: 'lint [--json] [--timeout S] [--user-agent UA] <robots.txt file or URL>',
      text: [
        'reports what the file means in each syntax where they differ, and likely mistakes, one',
        'finding a line as a compiler does ("robots.txt:12: warning: ... [code]"; --json: as JSON).',
        'The file may be - for standard input.',
        'The codes are in docs/lint.md. A URL is fetched as RFC 9309 says (--user-agent sent when given).',
        'Exit status: 0 no errors (warnings and infos allowed), 1 any error, 2 usage error,',
        'unreadable file or no robots.txt at the URL.',
      ],
    },
  ],
  [
    'batch',
    {
      usage: 'batch [--concurrency N] [--json] [--syntax NAME] [--on-server-error disallow|allow] [--timeout S] <user-agent> < urls.txt',
      text: [
        "reads URLs from standard input, one per line, fetches each origin's /robots.txt once",
        `(--concurrency at a time, default ${DEFAULT_CONCURRENCY}) and prints "allowed" or "disallowed", a tab`,
        'and the URL for each, in input order (--json: one JSON object per line). Blank and #',
        'lines are passed over; other lines that are not http(s) URLs are reported and skipped.',
        'An unreachable robots.txt disallows its URLs (--on-server-error allow to allow them).',
        "Standard input is read as the checks go; the run stops when standard output's reader",
        'goes. A summary ends on standard error, after a progress bar when it is a terminal;',
        'Ctrl-C stops the run and writes the summary of what was done.',
        'Exit status: 0 all allowed, 1 any disallowed, 2 usage error, 130 after Ctrl-C.',
      ],
    },
  ],
  [
    'serve',
    {
      usage: 'serve [--port N] [--allow-private] [--timeout S]',
      text: [
        'serves the robots.txt tester page on 127.0.0.1 (--port, default a free one) and prints',
        "its address: each URL's verdict in the three syntaxes, the deciding line, crawl delays,",
        "sitemaps and lint's findings. Its URL box fetches a robots.txt (--timeout seconds,",
        'default 10) from public addresses only; --allow-private lets it reach loopback and',
        'private ones, for testing a local server. Ctrl-C stops it.',
        'Exit status: 0 when stopped, 2 usage error or a port in use.',
      ],
    },
  ],
]);

/** The column where a paragraph's text starts: after the longest command's name and two spaces. */
const INDENT = Math.max(...[...COMMANDS.keys()].map((name) => name.length)) + 2;

/** A command's paragraph, its name in the margin of its first line. */
function paragraph(name: string, help: CommandHelp): string[] {
  return help.text.map((line, i) => (i === 0 ? name : '').padEnd(INDENT) + line);
}

/** The help of `command`: its usage and its paragraph; null when there is no such command. */
export function helpFor(command: string): string | null {
  const help = COMMANDS.get(command);
  return help === undefined ? null : ['Usage:', `  rerp ${help.usage}`, '', ...paragraph(command, help)].join('\n');
}

/** The help of every command, as `rerp --help` prints it. */
export function usage(): string {
  const all = [...COMMANDS];
  return [
    'Usage:',
    ...all.map(([, help]) => `  rerp ${help.usage}`),
    '',
    ...all.flatMap(([name, help]) => paragraph(name, help)),
    '',
    'rerp <command> --help prints the help of one command; rerp --version prints the version.',
  ].join('\n');
}

/**
 * The package's version, from its package.json. `robotexclusionrulesparser/package.json`
 * is resolved from `from` (this module by default) as the package naming
 * itself, so it is found wherever in the package the build puts this file.
 */
export function packageVersion(from: string | URL = import.meta.url): string {
  const pkg = createRequire(from)('robotexclusionrulesparser/package.json') as { version?: unknown };
  return String(pkg.version);
}
