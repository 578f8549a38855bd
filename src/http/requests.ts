// One parser's requests (behaviour.md §9.30, §9.42), and what they leave in
// it: calls asking for the same thing join the request in flight, and
// answers are numbered so that one never replaces what a request started
// after it has set, whichever comes back first. The whole rule is here; the
// parser keeps the state and hands itself over as the target.
import { fetchRobotsTxt, sameSettings, type FetchResult, type FetchSettings } from './fetch.js';

/** A parser's fetching state (behaviour.md §9.30, §9.42), made by its first fetch. */
export interface FetchState {
  /** The URL given to the last call. */
  url: string;
  /** The status of the latest request that answered, null until one has. */
  code: number | null;
  /** Requests in flight, which calls asking the same join. */
  requests: InFlight[];
  /** How many requests were started; and the `order` of those whose rules and status are held. */
  started: number;
  rulesFrom: number;
  codeFrom: number;
  /** The `Retry-After` seconds of the answer whose rules are held (a 5xx under 'rfc9309'), or null. */
  retryAfter: number | null;
}

/**
 * What a fetch left in a parser, as the shared store keeps it
 * (hosts/store-codec.ts): the text parsed (one character a byte when
 * `fromBytes`), the URL fetched and the status; and the `Retry-After` of a
 * 5xx answered under `'rfc9309'` (behaviour.md §9.44), which the caches read.
 * A parser reads and restores it through its {@link FETCHED} accessor.
 */
export interface FetchedState {
  readonly text: string;
  readonly fromBytes: boolean;
  readonly url: string;
  readonly code: number | null;
  readonly retryAfter: number | null;
}

/**
 * The key of the parser's accessor of its {@link FetchedState}, for hosts/
 * only: a symbol the public entries do not export, so nothing of it is public.
 */
export const FETCHED: unique symbol = Symbol('fetched');

/** What an answer is written into: the parser, through its public `parse` and `expirationDate`. */
export interface FetchTarget {
  parse(text: string | Uint8Array): void;
  expirationDate: number;
}

/** A request a parser's fetch has in flight, and the calls' terms for joining it. */
interface InFlight {
  readonly href: string;
  readonly userAgent: string | null;
  readonly settings: FetchSettings;
  /** Requests started before this one, on this parser, plus one. */
  readonly order: number;
  readonly result: Promise<FetchResult>;
}

/** The state of a parser that has fetched nothing yet, or restored with `url`, `code` and `retryAfter`. */
export function newFetchState(url: string, code: number | null, retryAfter: number | null = null): FetchState {
  return { url, code, requests: [], started: 0, rulesFrom: 0, codeFrom: 0, retryAfter };
}

/**
 * Fetches `href` for the parser `target`, whose fetching state is `state`:
 * joins a request in flight with the same terms or starts one; then its
 * answer sets the status, and the rules and expiry of `target`, unless a
 * request started after it has already set them. The URL is set at once and
 * stays the last call's.
 * @throws the answer's error (after setting the status), and the parser keeps its rules.
 */
export async function fetchInto(target: FetchTarget, state: FetchState, href: string, userAgent: string | null, settings: FetchSettings): Promise<void> {
  state.url = href;
  const request = requestFor(state, href, userAgent, settings);
  const result = await request.result;
  if (request.order > state.codeFrom) {
    state.codeFrom = request.order;
    state.code = result.responseCode;
  }
  if ('error' in result) throw result.error;
  if (request.order > state.rulesFrom) {
    state.rulesFrom = request.order;
    target.parse(result.text);
    target.expirationDate = result.expirationDate;
    state.retryAfter = result.retryAfter ?? null;
  }
}

/** The request for `href` with these terms: the one in flight, joined, or a new one (behaviour.md §9.42). */
function requestFor(state: FetchState, href: string, userAgent: string | null, settings: FetchSettings): InFlight {
  return (
    state.requests.find((r) => r.href === href && r.userAgent === userAgent && sameSettings(r.settings, settings)) ??
    startRequest(state, href, userAgent, settings)
  );
}

/** Starts a request, kept in the state's `requests` until it has answered (before its callers resume). */
function startRequest(state: FetchState, href: string, userAgent: string | null, settings: FetchSettings): InFlight {
  const result = fetchRobotsTxt(href, userAgent, settings).finally(() => {
    state.requests = state.requests.filter((r) => r !== request);
  });
  const request: InFlight = { href, userAgent, settings, order: ++state.started, result };
  state.requests.push(request);
  return request;
}
