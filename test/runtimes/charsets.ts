// Charset names beyond UTF-8 and UTF-16 that decode differently on Node
// (iconv-lite) and in a browser (the WHATWG Encoding Standard's
// TextDecoder), as docs/fetching.md lists them. The browser test decodes the
// same bytes with both and checks every name below. Nothing here imports Node.
import type { DecodeCharset } from '../../src/http/platform.js';

/** How a name decodes on Node and in a browser. */
export type CharsetKind = 'same' | 'differs' | 'browser only' | 'Node only' | 'neither';

/** Names as a Content-Type header may give them, by kind; docs/fetching.md has each of them. */
export const CHARSET_KINDS: Readonly<Record<CharsetKind, readonly string[]>> = {
  same: ['ISO-8859-1', 'latin1', 'iso_8859-1:1987', 'ISO-8859-2', 'ISO-8859-5', 'ISO-8859-15', 'ISO-8859-16', 'KOI8-R', 'IBM866', 'windows-1256'],
  differs: [
    'windows-1252',
    'cp1252',
    'windows-1250',
    'windows-1251',
    'windows-1253',
    'windows-1254',
    'windows-1255',
    'windows-1257',
    'windows-1258',
    'windows-874',
    'US-ASCII',
    'ISO-8859-9',
    'ISO-8859-11',
    'TIS-620',
    'macintosh',
    'KOI8-U',
    'Shift_JIS',
    'EUC-JP',
    'EUC-KR',
    'GBK',
    'GB2312',
    'GB18030',
    'Big5',
  ],
  'browser only': ['ISO-2022-JP', 'x-mac-cyrillic', 'x-user-defined', 'x-cp1252', 'dos-874'],
  'Node only': ['UTF-32', 'cp437', 'cp850', 'KOI8-T', 'macroman', 'windows1252', 'shiftjis'],
  neither: ['ISO-2022-KR', 'HZ-GB-2312', 'replacement', 'x-no-such-charset'],
};

/** Every single byte, then two-byte sequences over the lead bytes of the multibyte charsets. */
const SAMPLES: readonly Uint8Array[] = [
  Uint8Array.from({ length: 256 }, (_, b) => b),
  Uint8Array.from({ length: 2 * 126 * 42 }, (_, i) => (i % 2 === 0 ? 0x81 + (Math.floor(i / 2) % 126) : 0x40 + Math.floor(i / 2 / 126) * 4)),
];

/** What `decode` makes of the samples in `charset`: per sample, strictly and leniently; `'invalid'` for bytes refused. */
export function decodeSamples(decode: DecodeCharset, charset: string): (string | null)[] {
  return SAMPLES.flatMap((bytes) =>
    [true, false].map((strict) => {
      const text = decode(bytes, charset, strict, false);
      return text === null || typeof text === 'string' ? text : 'invalid';
    }),
  );
}

/** The kind of a name, from what Node and a browser made of the samples. */
export function kindOf(node: readonly (string | null)[], browser: readonly (string | null)[]): CharsetKind {
  const onNode = node[0] !== null;
  const inBrowser = browser[0] !== null;
  if (onNode && inBrowser) return node.every((text, i) => text === browser[i]) ? 'same' : 'differs';
  return onNode ? 'Node only' : inBrowser ? 'browser only' : 'neither';
}
