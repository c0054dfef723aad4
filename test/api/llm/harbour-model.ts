/**
 * The script of the test model: a small "model" that really reads the page text the engine sends
 * it, so a test can tell the answer came from this page. It answers the engine's four kinds of
 * request by their system prompt: JSON extraction (only the fields the schema asks for), summary,
 * and crawler options from a prompt.
 */
import type { RecordedRequest, ScriptedReply } from '../../fixtures/openai-server.js';
import { messagesOf } from './llm-stack.js';

/** The crawler options the model proposes for any crawl prompt. */
export const MODEL_CRAWLER_OPTIONS = {
  includePaths: ['^/pages/blog-'],
  excludePaths: ['^/pages/blog-2$'],
  crawlEntireDomain: true,
  allowExternalLinks: true,
  sitemap: 'skip',
  limit: 50,
} as const;

/** A product page the model can read: a name, a price in pounds, a stock line and a shop. */
export function productPage(name: string, price: number, inStock: boolean): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${name} | Tidewater Chandlery</title></head>
<body><main><h1>${name}</h1>
<p>The ${name} costs ${price} pounds. It is ${inStock ? 'in stock' : 'sold out'} at the quayside shop.</p>
<p>Hand-finished brass, a storm-proof glass chimney and a wick that burns for twelve hours on one filling of oil.
Every piece is tested on the harbour wall before it leaves the workshop.</p>
</main></body></html>`;
}

/** What the model reads from the page text it was sent. */
function readFacts(text: string): Record<string, unknown> {
  const name = /The ([\w ]+?) costs/.exec(text)?.[1];
  const price = /costs (\d+) pounds/.exec(text)?.[1];
  return {
    name,
    price: price === undefined ? undefined : Number(price),
    inStock: /is in stock/.test(text),
    shop: /at the ([\w ]+ shop)/.exec(text)?.[1],
  };
}

export function harbourModel(request: RecordedRequest): ScriptedReply {
  const { system, user } = messagesOf(request);
  if (system.startsWith('You extract structured data')) {
    const facts = readFacts(user);
    const schema = request.body.response_format?.json_schema?.schema as { properties?: Record<string, unknown> } | undefined;
    if (!schema) return { json: { shop: facts.shop, price: `${facts.price} pounds` } };
    return { json: Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, facts[key]])) };
  }
  if (system.startsWith('You summarize')) {
    const facts = readFacts(user);
    return { content: `The ${facts.name} sells for ${facts.price} pounds at the ${facts.shop}.` };
  }
  if (system.startsWith('You turn a plain-language request')) return { json: MODEL_CRAWLER_OPTIONS };
  return { status: 400, message: 'The test model does not know this request.' };
}
