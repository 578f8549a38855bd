/**
 * The one hatch through which tests, the Python comparison and the benchmark
 * reach the package's internals. Not a public entry: package.json exports
 * only `index.ts`, `adapters/python.ts` and `redis/lock.ts`, and nothing here
 * is documented for users or kept stable.
 * @internal
 * @packageDocumentation
 */
import { compileRecord } from './classic/first-match.js';
import type { Syntax } from './syntax.js';

export { parseRobots } from './classic/read.js';
export type { Rule, RobotRecord, ParsedRobots } from './classic/model.js';
export { compileRecord, DirectRules } from './classic/first-match.js';
export { longestScanned, longestScannedOf, PAYBACK, SCAN_LIMIT, scanBudget, scansDirectly } from './engine/direct-scan.js';
export { PendingSelection } from './rfc9309/direct.js';
export { Rfc9309Rules } from './rfc9309/rules.js';
export type { RecordDecider } from './classic/model.js';
export { firstMatch, isUndecided, resumeFrom, SmallRules, undecidedFrom, type FirstMatch } from './classic/small-rules.js';
export { covers, floatingKey, matchParts, matchPattern, matchSpan, splitPattern } from './engine/pattern.js';
export { keyScanner } from './engine/key-scanner.js';
export { MAX_KEY } from './engine/key-table.js';
export { OVER_BOUND, WorkBound } from './engine/work-bound.js';
export { PrefixChain } from './engine/prefix-chain.js';
export { compileRanked } from './engine/rule-index.js';
export { compileLongest, decisionOrder, type LongestRule } from './rfc9309/longest-match.js';
export { productToken } from './rfc9309/groups.js';
export { pyTrim, scrubValue } from './text/chars.js';
export { decodePath, matchTarget, pathStart, urlPath } from './text/url-path.js';
export { LINT_CODE_LIST, LINT_CODES } from './lint/codes.js';
export { editDistance, suggestion } from './lint/directives.js';
export { invalidUtf8At } from './lint/file.js';
export { PATTERN_CAP, Precedence, shadowsOf, shadowWork, type ShadowRule } from './lint/shadow.js';
export { encodeRulePath } from './text/percent-encode.js';
export { latin1, utf8Bytes } from './text/bytes.js';
export { rulePattern } from './rfc9309/patterns.js';

/** Every rule answers false: for compiling paths whose kinds a test does not look at. */
const NO_KINDS = { ruleAllows: (): boolean => false };

/**
 * The index (file order) of the first of `paths` (decoded rule paths) that
 * matches a decoded path, or -1, compiled as a record's rules are.
 */
export function compilePaths(paths: readonly string[], syntax: Syntax): (path: string) => number {
  const decider = compileRecord(paths, syntax, NO_KINDS);
  return (path) => decider.ruleForPath(path);
}

/** {@link compilePaths} of rules' decoded paths. */
export function compileRules(rules: readonly { readonly path: string }[], syntax: Syntax): (path: string) => number {
  return compilePaths(
    rules.map((rule) => rule.path),
    syntax,
  );
}
export { decodeEntry, encodeEntry, storeKeyPrefix, validStored, type StoredRobots } from './hosts/store-codec.js';
