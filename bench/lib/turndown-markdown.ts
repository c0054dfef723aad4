/**
 * The markdown converter of the contenders: turndown with its GitHub-flavoured-markdown
 * plugin, configured as its README suggests for web pages (ATX headings, fenced code, `-`
 * bullets) and told to drop script and style elements, which would otherwise leak as text.
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/** A ready converter; reuse one per process, as a crawler's handler would. */
export function createTurndown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.use(gfm);
  service.remove(['script', 'style', 'noscript', 'template']);
  return service;
}
