/**
 * File extensions a crawl never follows (wire contract 6.2, step 3): images, styles,
 * scripts, fonts, archives, executables and media. PDF, DOCX and XML are deliberately
 * absent, because the scrape pipeline can turn them into documents.
 */
export const NEVER_CRAWLED_EXTENSIONS: readonly string[] = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'css',
  'js',
  'ico',
  'svg',
  'tiff',
  'zip',
  'exe',
  'dmg',
  'mp4',
  'mp3',
  'wav',
  'pptx',
  'xlsx',
  'avi',
  'flv',
  'woff',
  'ttf',
  'woff2',
  'webp',
  'inc',
];

const NEVER_CRAWLED = new Set(NEVER_CRAWLED_EXTENSIONS);

/**
 * Whether a URL pathname ends in a never-crawled file extension (case-insensitive).
 * Only the last path segment is looked at, so `/assets.css/page` is still crawled.
 */
export function isNeverCrawledFile(pathname: string): boolean {
  const dot = pathname.lastIndexOf('.');
  if (dot === -1 || dot < pathname.lastIndexOf('/')) return false;
  return NEVER_CRAWLED.has(pathname.slice(dot + 1).toLowerCase());
}
