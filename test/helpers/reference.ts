// Matching written the slow way, for checking the compiled matchers:
// Google's position-set matcher, and RFC 9309 precedence with every rule tried.

/** A rule as the reference sees it: its pattern as matched, and its kind. */
export interface ReferenceRule {
  readonly pattern: string;
  readonly allow: boolean;
}

/** Google's matcher: the set of path positions each pattern prefix can reach. */
export function globMatch(path: string, pattern: string): boolean {
  let positions = [0];
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k]!;
    if (c === '$' && k === pattern.length - 1) return positions.includes(path.length);
    if (c === '*') {
      const from = positions[0]!;
      positions = [];
      for (let i = from; i <= path.length; i++) positions.push(i);
    } else {
      positions = positions.filter((i) => path[i] === c).map((i) => i + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

/** The deciding rule's index by trying every rule: longest allow unless a disallow is longer; first among equals; -1 when none matches. */
export function longestMatch(rules: readonly ReferenceRule[], path: string): number {
  let a = -1;
  let d = -1;
  rules.forEach((rule, i) => {
    if (rule.pattern === '' || !globMatch(path, rule.pattern)) return;
    if (rule.allow) {
      if (a < 0 || rule.pattern.length > rules[a]!.pattern.length) a = i;
    } else if (d < 0 || rule.pattern.length > rules[d]!.pattern.length) d = i;
  });
  const aLen = a < 0 ? 0 : rules[a]!.pattern.length;
  const dLen = d < 0 ? 0 : rules[d]!.pattern.length;
  return dLen > aLen ? d : a;
}
