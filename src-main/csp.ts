/**
 * Content-Security-Policy of the app's own pages, sent as a header by the `app://` protocol.
 * Scripts and styles come only from the app bundle; the only network peer is the local engine
 * API. Scraped content is shown as text, sanitised markdown, or in a sandboxed `srcdoc` frame,
 * so nothing needs remote scripts, plugins, forms or being framed.
 */
export function buildContentSecurityPolicy(engineUrl: string): string {
  const engine = new URL(engineUrl).origin;
  const engineWs = engine.replace(/^http/, 'ws');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Svelte transitions and style attributes set inline styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', engine],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", engine, engineWs],
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
