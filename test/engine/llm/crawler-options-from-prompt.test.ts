import { afterEach, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src-engine/llm/chat-client.js';
import { generateCrawlerOptions, PROMPT_FAILURE_MESSAGE } from '../../../src-engine/llm/generate-crawler-options.js';
import { mergePromptOptions } from '../../../src-engine/llm/merge-prompt-options.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const clientFor = (baseUrl: string) =>
  createLlmClient({ baseUrl, model: 'test-model', timeoutMs: 5_000, maxInputChars: 10_000 })!;

describe('crawler options from a prompt', () => {
  it('asks the model with the start URL path structure and keeps only well-formed options', async () => {
    server = await startOpenAiServer([
      {
        json: {
          includePaths: ['^/docs/.*', '(unclosed'],
          limit: 25,
          allowSubdomains: false,
          maxDepth: 4,
          sitemap: 'skip',
          delay: 500,
        },
      },
    ]);
    const options = await generateCrawlerOptions({ prompt: 'Only the docs, 25 pages', url: 'https://example.com/docs/start', llm: clientFor(server.baseUrl) });
    expect(options).toEqual({ includePaths: ['^/docs/.*'], limit: 25, allowSubdomains: false, maxDepth: 4, sitemap: 'skip', delay: 60 });

    const body = server.requests[0]!.body;
    expect(body.response_format.type).toBe('json_schema');
    expect(body.messages[1].content).toContain('Generate crawler options for: Only the docs, 25 pages');
    expect(body.messages[1].content).toContain('Its path: /docs/start (segments: docs, start');
  });

  it('turns a model failure into the public failure message with the reason in details', async () => {
    server = await startOpenAiServer([{ status: 500, message: 'model crashed' }]);
    const failure = generateCrawlerOptions({ prompt: 'Only the blog', url: 'https://example.com/', llm: clientFor(server.baseUrl) });
    await expect(failure).rejects.toMatchObject({
      code: 'LLM_ERROR',
      status: 400,
      message: PROMPT_FAILURE_MESSAGE,
      details: { reason: expect.stringContaining('model crashed') },
    });
    expect(PROMPT_FAILURE_MESSAGE).toBe('Failed to process natural language prompt. Please try rephrasing or use explicit crawler options.');
  });

  it('reads the prompt by rules when no model is configured', async () => {
    expect(await generateCrawlerOptions({ prompt: 'Only /blog, at most 5 pages', url: 'https://example.com/' })).toEqual({
      includePaths: ['^/blog(?:/|$)'],
      limit: 5,
    });
  });

  it('returns nothing for an empty prompt and rejects a prompt over 10,000 characters', async () => {
    expect(await generateCrawlerOptions({ prompt: '   ', url: 'https://example.com/' })).toEqual({});
    expect(await generateCrawlerOptions({ prompt: 'a'.repeat(10_000), url: 'https://example.com/' })).toEqual({});
    await expect(generateCrawlerOptions({ prompt: 'a'.repeat(10_001), url: 'https://example.com/' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
  });
});

describe('merging prompt options into a crawl request', () => {
  it('uses generated options only for keys the caller did not send', () => {
    const raw = { url: 'https://example.com', prompt: 'everything', includePaths: ['^/pricing'], allowSubdomains: false, allowExternalLinks: null, limit: undefined };
    const generated = { includePaths: ['.*'], allowSubdomains: true, allowExternalLinks: true, limit: 50, maxDepth: 3, sitemap: 'skip' as const };
    const { merged, promptGeneratedOptions, finalCrawlerOptions } = mergePromptOptions(raw, generated);

    expect(merged).toEqual({
      url: 'https://example.com',
      prompt: 'everything',
      includePaths: ['^/pricing'],
      allowSubdomains: false,
      allowExternalLinks: true,
      limit: 50,
      sitemap: 'skip',
    });
    expect(promptGeneratedOptions).toEqual(generated);
    expect(finalCrawlerOptions).toMatchObject({
      includePaths: ['^/pricing'],
      excludePaths: [],
      allowSubdomains: false,
      allowExternalLinks: true,
      limit: 50,
      sitemap: 'skip',
      deduplicateSimilarURLs: true,
    });
    expect(finalCrawlerOptions).not.toHaveProperty('maxDepth');
  });

  it('lets an explicit empty list win over a generated one', () => {
    const { merged } = mergePromptOptions({ url: 'https://example.com', includePaths: [] }, { includePaths: ['^/blog'] });
    expect(merged.includePaths).toEqual([]);
  });
});
