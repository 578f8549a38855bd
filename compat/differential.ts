// Runs generated or fixed cases through Python and the port, and tallies
// agreement and difference classes per aspect.
import { judge, type Answer, type Answerer, type Aspect, type Case, type PyOutcome, type Verdict } from './classify.js';
import { isPyError, type PyAnswer, type PythonSession } from './python.js';
import { splitLines } from './lines.js';
import type { GeneratedFile } from './generator.js';

/** A case whose outcome needs a look: unclassified, or not reproduced by the known classes together. */
export interface Finding {
  readonly aspect: Aspect;
  readonly case: Case;
  readonly python: PyOutcome;
  readonly verdict: Verdict;
}

/** Counts for one aspect. */
export interface Tally {
  total: number;
  agree: number;
  /** Disagreements per explaining set of classes (`a+b` when two are needed together). */
  readonly byClass: Record<string, number>;
}

/** Everything one run found. */
export interface Report {
  readonly tallies: Record<Aspect, Tally>;
  readonly unclassified: Finding[];
  readonly modelFailures: Finding[];
}

/** Python's outcome for one aspect of one question. */
export function outcome(a: PyAnswer, aspect: Aspect, index: number): PyOutcome {
  if (a.error !== null) return { error: a.error };
  const v =
    aspect === 'canFetch' ? a.canFetch![index] : aspect === 'crawlDelay' ? a.crawlDelay![index] : aspect === 'requestRate' ? a.requestRate![index] : a.siteMaps;
  return isPyError(v) ? { error: v.error } : { answer: (v ?? null) as Answer };
}

/** The questions of one file, one per aspect and (user agent, URL) where the aspect needs them. */
export function questions(file: GeneratedFile, aspects: readonly Aspect[]): Array<{ aspect: Aspect; case: Case; index: number }> {
  const out: Array<{ aspect: Aspect; case: Case; index: number }> = [];
  if (aspects.includes('canFetch')) {
    let i = 0;
    for (const ua of file.agents) for (const url of file.urls) out.push({ aspect: 'canFetch', case: { robots: file.robots, ua, url }, index: i++ });
  }
  for (const aspect of ['crawlDelay', 'requestRate'] as const) {
    if (aspects.includes(aspect)) file.agents.forEach((ua, i) => out.push({ aspect, case: { robots: file.robots, ua, url: '' }, index: i }));
  }
  if (aspects.includes('siteMaps')) out.push({ aspect: 'siteMaps', case: { robots: file.robots, ua: '', url: '' }, index: 0 });
  return out;
}

/** The request that asks Python every question about a file. */
export function request(file: GeneratedFile): { robots: string; queries: Array<[string, string]>; agents: readonly string[] } {
  const queries: Array<[string, string]> = [];
  for (const ua of file.agents) for (const url of file.urls) queries.push([ua, url]);
  return { robots: file.robots, queries, agents: file.agents };
}

/** Asks Python about every file at once, judges every answer, and tallies. */
export async function compare(session: PythonSession, files: readonly GeneratedFile[], answerer: Answerer, aspects: readonly Aspect[]): Promise<Report> {
  const answers = await session.ask(files.map(request));
  const tallies = {} as Record<Aspect, Tally>;
  for (const a of aspects) tallies[a] = { total: 0, agree: 0, byClass: {} };
  const unclassified: Finding[] = [];
  const modelFailures: Finding[] = [];
  files.forEach((file, f) => {
    for (const q of questions(file, aspects)) {
      const python = outcome(answers[f]!, q.aspect, q.index);
      const verdict = judge(q.case, q.aspect, python, answerer, session.info);
      const tally = tallies[q.aspect];
      tally.total++;
      if (verdict.agree) tally.agree++;
      else {
        const label = verdict.classes?.join('+') ?? 'UNCLASSIFIED';
        tally.byClass[label] = (tally.byClass[label] ?? 0) + 1;
      }
      const finding = { aspect: q.aspect, case: q.case, python, verdict };
      if (!verdict.agree && verdict.classes === null) unclassified.push(finding);
      else if (!verdict.modelAgrees) modelFailures.push(finding);
    }
  });
  return { tallies, unclassified, modelFailures };
}

/**
 * Shrinks a finding's robots.txt line by line (asking the same Python) while
 * `stillBad` holds, so a failure message shows a minimal case.
 */
export async function shrink(session: PythonSession, finding: Finding, answerer: Answerer, stillBad: (v: Verdict) => boolean): Promise<Finding> {
  let best = finding;
  for (let round = 0; round < 50; round++) {
    const lines = splitLines(best.case.robots);
    if (lines.length <= 1) break;
    const candidates = lines.map((_, i) => lines.filter((__, j) => j !== i).join('\n'));
    const file = (robots: string): GeneratedFile => ({ robots, agents: [best.case.ua], urls: [best.case.url] });
    const answers = await session.ask(candidates.map((robots) => request(file(robots))));
    let next: Finding | null = null;
    for (let i = 0; i < candidates.length && next === null; i++) {
      const c = { ...best.case, robots: candidates[i]! };
      const python = outcome(answers[i]!, best.aspect, 0);
      const verdict = judge(c, best.aspect, python, answerer, session.info);
      if (stillBad(verdict)) next = { aspect: best.aspect, case: c, python, verdict };
    }
    if (next === null) break;
    best = next;
  }
  return best;
}

/** A finding as a failure message: the seed, the aspect and the minimal case, replayable. */
export function describe(f: Finding, seed: number | null): string {
  return [
    seed === null ? '' : `seed ${seed} (replay with COMPAT_SEED=${seed})`,
    `aspect:     ${f.aspect}`,
    `robots.txt: ${JSON.stringify(f.case.robots)}`,
    `user agent: ${JSON.stringify(f.case.ua)}`,
    `url:        ${JSON.stringify(f.case.url)}`,
    `python:     ${JSON.stringify(f.python)}`,
    `port:       ${JSON.stringify(f.verdict.port)}`,
    `classes:    ${f.verdict.classes?.join('+') ?? 'none explains it'}`,
  ]
    .filter((l) => l !== '')
    .join('\n');
}
