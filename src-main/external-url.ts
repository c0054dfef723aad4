/** Schemes the app hands to the operating system's default handler. */
const EXTERNAL_SCHEMES = new Set(['https:', 'http:', 'mailto:']);

/**
 * Returns the normalised URL when it is safe to open in the user's default browser or mail
 * client, else undefined. `file:`, `javascript:`, custom schemes (which launch other apps)
 * and URLs with credentials are refused.
 */
export function safeExternalUrl(candidate: string): string | undefined {
  if (typeof candidate !== 'string' || candidate.length > 8192) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return undefined;
  if (url.protocol !== 'mailto:' && (!url.hostname || url.username || url.password)) return undefined;
  return url.toString();
}
