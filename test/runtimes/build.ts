// Bundling the built package with esbuild, as a browser or worker project would.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The repository, where `robotexclusionrulesparser` resolves to the package itself. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** docs/runtimes.md's size example: the root entry used for parse and isAllowed only. */
export const PARSE_AND_MATCH = [
  "import { RobotExclusionRulesParser } from 'robotexclusionrulesparser';",
  'const p = new RobotExclusionRulesParser();',
  "p.parse('User-agent: *\\nDisallow: /private/');",
  "console.log(p.isAllowed('MyBot', '/private/x'));",
].join('\n');

/** Everything the root entry exports. */
export const WHOLE_ROOT = "export * from 'robotexclusionrulesparser';";

export interface Bundle {
  readonly code: string;
  /** The files bundled, relative to the repository. */
  readonly inputs: readonly string[];
  /** Imports left in the output for the runtime to resolve (none is wanted). */
  readonly externals: readonly string[];
}

/**
 * Bundles `entry` (module source resolved from the repository, or a file) as
 * one ES module for `platform`, with no `external` of any kind.
 * @throws esbuild's error when an import cannot be resolved, as a `node:` one cannot for a browser.
 */
export async function bundle(entry: { source: string } | { file: string }, platform: 'browser' | 'neutral', minify = true): Promise<Bundle> {
  const result = await build({
    ...('source' in entry ? { stdin: { contents: entry.source, resolveDir: ROOT, sourcefile: 'entry.js' } } : { entryPoints: [entry.file] }),
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform,
    minify,
    write: false,
    outfile: 'bundle.js',
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return {
    code: result.outputFiles[0]!.text,
    inputs: Object.keys(result.metafile.inputs),
    externals: output.imports.filter((i) => i.external === true).map((i) => i.path),
  };
}
