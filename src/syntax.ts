/**
 * The classic syntax (Martijn Koster's 1996 draft): `*` and `$` in rule paths
 * are literal characters. Same value as the Python original's `MK1996`.
 */
export const MK1996 = 1;

/**
 * The 2008 Google/Yahoo/Microsoft extensions: `*` matches any run of
 * characters and a trailing `$` anchors the end. The default syntax. Same
 * value as the Python original's `GYM2008`.
 */
export const GYM2008 = 2;

/**
 * RFC 9309 (2022), as Google's open-source reference parser implements it:
 * groups that blank lines do not end, every group naming the crawler's
 * product token pooled, the longest matching pattern deciding (allow winning
 * ties), URLs compared as given, without decoding. New in this port.
 */
export const RFC9309 = 3;

/** A syntax accepted by {@link RobotExclusionRulesParser.isAllowed}. */
export type Syntax = typeof MK1996 | typeof GYM2008 | typeof RFC9309;

/**
 * Checks a syntax argument and returns it; anything but a known syntax throws.
 * @throws RangeError naming the accepted values.
 */
export function checkSyntax(syntax: unknown): Syntax {
  if (syntax === MK1996 || syntax === GYM2008 || syntax === RFC9309) return syntax;
  throw new RangeError(`Unknown robots.txt syntax ${String(syntax)}: use MK1996 (1), GYM2008 (2) or RFC9309 (3)`);
}
