/**
 * Turns response bytes into text with the right character encoding, the way browsers do:
 * a byte-order mark wins, then the Content-Type charset, then a `<meta>` (or XML)
 * declaration near the top of the document, then UTF-8. Bytes that are not valid UTF-8
 * and carry no declaration are sniffed for Shift_JIS, EUC-KR or windows-1252.
 */
import iconv from 'iconv-lite';

/** How far into the body a `<meta charset>` declaration is looked for. */
const META_SCAN_BYTES = 2048;
/** How much of an undeclared, non-UTF-8 body the legacy-encoding sniffer looks at. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Labels browsers treat as another encoding (WHATWG Encoding Standard): pages declaring
 * ISO-8859-1 or ASCII are decoded as windows-1252, GB2312 as GBK, and so on.
 */
const LABEL_ALIASES: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'x-sjis': 'shift_jis',
  ms_kanji: 'shift_jis',
  'windows-31j': 'shift_jis',
  gb2312: 'gbk',
  'x-gbk': 'gbk',
  'ks_c_5601-1987': 'euc-kr',
  'unicode-1-1-utf-8': 'utf-8',
  utf8: 'utf-8',
};

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes a response body to a string. `contentType` is the raw Content-Type header value
 * ('' when absent). Never throws: unknown labels fall through to the next detection step.
 */
export function decodeBody(body: Buffer, contentType: string): string {
  if (body.length === 0) return '';
  const bom = detectBom(body);
  if (bom) return iconv.decode(body.subarray(bom.length), bom.encoding);

  const declared = supportedEncoding(charsetFromContentType(contentType)) ?? supportedEncoding(charsetFromMarkup(body));
  if (declared) return declared === 'utf-8' ? utf8Lossy.decode(body) : iconv.decode(body, declared);

  try {
    return utf8Strict.decode(body);
  } catch {
    const sniffed = sniffUndeclared(body);
    return sniffed === 'utf-8' ? utf8Lossy.decode(body) : iconv.decode(body, sniffed);
  }
}

/** The `charset` parameter of a Content-Type header value, if any. */
export function charsetFromContentType(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function detectBom(body: Buffer): { encoding: string; length: number } | undefined {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** A charset declared by `<meta charset>`, `<meta http-equiv=Content-Type>` or `<?xml encoding>`. */
function charsetFromMarkup(body: Buffer): string | undefined {
  const head = body.subarray(0, META_SCAN_BYTES).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  const metaTags = head.match(/<meta\b[^>]*>/gi) ?? [];
  for (const tag of metaTags) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag);
    if (direct && !/\bcontent\s*=/i.test(tag)) return direct[1];
    if (/\bhttp-equiv\s*=\s*["']?content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
      const value = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
      const charset = /charset\s*=\s*([^;\s"']+)/i.exec(value);
      if (charset) return charset[1];
    }
  }
  return undefined;
}

/** Normalises a charset label to an encoding iconv-lite can decode, or undefined. */
function supportedEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const lower = label.trim().toLowerCase();
  if (lower === '') return undefined;
  const name = LABEL_ALIASES[lower] ?? lower;
  // A page cannot really be UTF-16 if it declares so in ASCII-compatible markup; browsers use UTF-8.
  if (name === 'utf-8' || name === 'utf-16' || name === 'utf-16le' || name === 'utf-16be') return 'utf-8';
  return iconv.encodingExists(name) ? name : undefined;
}

/**
 * Picks an encoding for an undeclared body that failed strict UTF-8 decoding. Mostly-UTF-8
 * bodies with a few stray bytes stay UTF-8; otherwise the byte structure decides between
 * EUC-KR, Shift_JIS and windows-1252.
 */
function sniffUndeclared(body: Buffer): string {
  const sample = body.subarray(0, SNIFF_BYTES);
  const utf8 = countUtf8Sequences(sample);
  if (utf8.valid > utf8.invalid) return 'utf-8';
  if (matchesEucKr(sample)) return 'euc-kr';
  if (matchesShiftJis(sample)) return 'shift_jis';
  return 'windows-1252';
}

function countUtf8Sequences(bytes: Buffer): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80;
    if (ok) {
      valid += 1;
      i += length;
    } else {
      invalid += 1;
      i += 1;
    }
  }
  return { valid, invalid };
}

/** EUC-KR (KS X 1001): every non-ASCII byte comes in a pair of bytes in 0xA1–0xFE. */
function matchesEucKr(bytes: Buffer): boolean {
  let pairs = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const next = bytes[i + 1];
    if (b < 0xa1 || b > 0xfe || next === undefined || next < 0xa1 || next > 0xfe) return false;
    pairs += 1;
    i += 1;
  }
  return pairs > 0;
}

/** Shift_JIS: lead bytes 0x81–0x9F/0xE0–0xFC with a valid trail, or half-width katakana. */
function matchesShiftJis(bytes: Buffer): boolean {
  let pairs = 0;
  let halfWidth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    if (b >= 0xa1 && b <= 0xdf) {
      halfWidth += 1;
      continue;
    }
    const next = bytes[i + 1];
    const lead = (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);
    const trail = next !== undefined && next >= 0x40 && next <= 0xfc && next !== 0x7f;
    if (!lead || !trail) return false;
    pairs += 1;
    i += 1;
  }
  return pairs > halfWidth;
}
