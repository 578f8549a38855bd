// The browser test's page script: the library from its root entry, bundled by
// esbuild for the browser, and the conformance subset, for Chromium to run.
import * as lib from '../../src/index.js';
import { decodeCharset } from '../../src/http/platform-web.js';
import { decodeSamples } from './charsets.js';
import { answers, fetchAnswers } from './conformance.js';

/** What the page offers the test, as `globalThis.conformance`. */
export interface PageApi {
  answers(): Record<string, unknown>;
  fetchAnswers(origin: string): Promise<Record<string, unknown>>;
  /** What the browser's fetch layer makes of charsets.ts's samples in each charset. */
  charsets(names: readonly string[]): Record<string, (string | null)[]>;
}

const api: PageApi = {
  answers: () => answers(lib),
  fetchAnswers: (origin) => fetchAnswers(lib, origin),
  charsets: (names) => Object.fromEntries(names.map((name) => [name, decodeSamples(decodeCharset, name)])),
};
Object.assign(globalThis, { conformance: api });
