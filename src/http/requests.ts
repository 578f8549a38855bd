// One parser's requests (behaviour.md §9.30, §9.42): calls asking for the
// same thing join the request in flight, and answers are numbered so that
// one never replaces what a request started after it has set.
import { fetchRobotsTxt, sameSettings, type FetchResult, type FetchSettings } from './fetch.js';

/** A parser's fetching state (behaviour.md §9.30, §9.42). */
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

/** Starts a request, kept in the state's `requests` until it has answered (before its callers resume). */
function startRequest(state: FetchState, href: string, userAgent: string | null, settings: FetchSettings): InFlight {
  const result = fetchRobotsTxt(href, userAgent, settings).finally(() => {
    state.requests = state.requests.filter((r) => r !== request);
  });
  const request: InFlight = { href, userAgent, settings, order: ++state.started, result };
  state.requests.push(request);
  return request;
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

/** The state of a parser that has fetched nothing yet, or restored with `url` and `code`. */
export function newFetchState(url: string, code: number | null): FetchState {
  return { url, code, requests: [], started: 0, rulesFrom: 0, codeFrom: 0, retryAfter: null };
}

/** The request for `href` with these terms: the one in flight, joined, or a new one (behaviour.md §9.42). */
export function requestFor(state: FetchState, href: string, userAgent: string | null, settings: FetchSettings): InFlight {
  return (
    state.requests.find((r) => r.href === href && r.userAgent === userAgent && sameSettings(r.settings, settings)) ??
    startRequest(state, href, userAgent, settings)
  );
}
