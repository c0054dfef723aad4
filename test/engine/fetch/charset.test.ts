import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeBody } from '../../../src-engine/fetch/charset.js';
import { HttpFetcher } from '../../../src-engine/fetch/http-fetcher.js';
import { startHttpServer, type RunningServer } from './local-servers.js';

const samples = {
  shift_jis: '日本語のページです。カタカナもあります。',
  'euc-kr': '한국어 페이지입니다. 안녕하세요!',
  'windows-1252': 'Café crème – “quotes” and €uro signs, naïve façade.',
  'iso-8859-1': 'Grüße aus Köln, señor - déjà vu.',
} as const;
type Encoding = keyof typeof samples;
const encodings = Object.keys(samples) as Encoding[];

function htmlWithMeta(encoding: string, text: string, style: 'charset' | 'http-equiv'): string {
  const meta =
    style === 'charset'
      ? `<meta charset="${encoding}">`
      : `<meta http-equiv="Content-Type" content="text/html; charset=${encoding}">`;
  return `<!doctype html><html><head>${meta}<title>t</title></head><body><p>${text}</p></body></html>`;
}

describe('decodeBody', () => {
  it.each(encodings)('decodes %s named in the Content-Type header', (encoding) => {
    const body = iconv.encode(`<p>${samples[encoding]}</p>`, encoding);
    expect(decodeBody(body, `text/html; charset=${encoding.toUpperCase()}`)).toBe(`<p>${samples[encoding]}</p>`);
  });

  it.each(encodings)('decodes %s declared by <meta charset>', (encoding) => {
    const html = htmlWithMeta(encoding, samples[encoding], 'charset');
    expect(decodeBody(iconv.encode(html, encoding), 'text/html')).toBe(html);
  });

  it.each(encodings)('decodes %s declared by <meta http-equiv>', (encoding) => {
    const html = htmlWithMeta(encoding, samples[encoding], 'http-equiv');
    expect(decodeBody(iconv.encode(html, encoding), '')).toBe(html);
  });

  it('decodes ISO-8859-1 labels as windows-1252, as browsers do', () => {
    const body = Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94]);
    expect(decodeBody(body, 'text/plain; charset=iso-8859-1')).toBe('€ “a”');
  });

  it('prefers the Content-Type header over a meta declaration', () => {
    const html = htmlWithMeta('windows-1252', samples.shift_jis, 'charset');
    expect(decodeBody(iconv.encode(html, 'shift_jis'), 'text/html; charset="Shift_JIS"')).toBe(html);
  });

  it('honours a byte-order mark and strips it', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo', 'utf8')]);
    expect(decodeBody(utf8, 'text/html; charset=windows-1252')).toBe('héllo');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('日本', 'utf16le')]);
    expect(decodeBody(utf16, '')).toBe('日本');
  });

  it('defaults to UTF-8 and ignores unknown labels', () => {
    expect(decodeBody(Buffer.from('naïve ✓', 'utf8'), 'text/html')).toBe('naïve ✓');
    expect(decodeBody(Buffer.from('naïve ✓', 'utf8'), 'text/html; charset=no-such-charset')).toBe('naïve ✓');
  });

  it.each(encodings)('sniffs undeclared %s bodies that are not UTF-8', (encoding) => {
    const html = `<html><body><p>${samples[encoding]}</p></body></html>`;
    const decoded = decodeBody(iconv.encode(html, encoding), '');
    expect(decoded).toBe(html);
  });

  it('keeps mostly-UTF-8 bodies with a stray byte as UTF-8', () => {
    const body = Buffer.concat([Buffer.from('Grüße ', 'utf8'), Buffer.from([0xff]), Buffer.from(' und Käse', 'utf8')]);
    expect(decodeBody(body, '')).toBe('Grüße \ufffd und Käse');
  });

  it('reads quoted and unquoted charset parameters', () => {
    expect(charsetFromContentType('text/html; charset="euc-kr"')).toBe('euc-kr');
    expect(charsetFromContentType('text/html;charset=Shift_JIS; foo=bar')).toBe('Shift_JIS');
    expect(charsetFromContentType('text/html')).toBeUndefined();
  });
});

describe('HttpFetcher text decoding', () => {
  let server: RunningServer;
  const fetcher = new HttpFetcher({ userAgent: 'TrawlTest/1.0' });

  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      const [, mode, encoding] = /^\/(header|meta)\/(.+)$/.exec(req.url ?? '') ?? [];
      const text = samples[encoding as Encoding];
      if (!mode || !text) {
        res.writeHead(404).end();
        return;
      }
      const html = mode === 'meta' ? htmlWithMeta(encoding!, text, 'http-equiv') : `<p>${text}</p>`;
      const type = mode === 'header' ? `text/html; charset=${encoding}` : 'text/html';
      res.writeHead(200, { 'content-type': type }).end(iconv.encode(html, encoding!));
    });
  });

  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it.each(
    encodings.flatMap((encoding) => [
      ['header', encoding],
      ['meta', encoding],
    ]),
  )('decodes a page whose %s declares %s', async (mode, encoding) => {
    const result = await fetcher.fetch({
      url: `${server.url}/${mode}/${encoding}`,
      timeoutMs: 5_000,
      skipTlsVerification: false,
      maxBytes: 100_000,
    });
    expect(result.text).toContain(samples[encoding as Encoding]);
  });
});
