import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src-engine/llm/chat-client.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientFor(baseUrl: string, timeoutMs = 10_000) {
  const client = createLlmClient({ baseUrl, model: 'test-model', timeoutMs, maxInputChars: 10_000 });
  if (!client) throw new Error('client expected');
  return client;
}

/** A port on 127.0.0.1 with nothing listening. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('LLM client failures end in a clear error', () => {
  it('times out a server that never answers', async () => {
    server = await startOpenAiServer([{ hang: true }]);
    const client = clientFor(server.baseUrl, 300);
    const started = Date.now();
    await expect(client.completeJson({ system: 's', user: 'u', schema: { type: 'object' } })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringContaining('did not answer within 300 ms'),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a model refusal', async () => {
    server = await startOpenAiServer([{ refusal: "I can't help with that." }]);
    const client = clientFor(server.baseUrl);
    await expect(client.completeJson({ system: 's', user: 'u', schema: { type: 'object' } })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: "The model refused to answer: I can't help with that.",
    });
  });

  it('names the API key setting on HTTP 401 and does not fall back', async () => {
    server = await startOpenAiServer([{ status: 401, message: 'Incorrect API key provided' }]);
    const client = clientFor(server.baseUrl);
    await expect(client.completeText({ system: 's', user: 'u' })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringMatching(/HTTP 401: Incorrect API key provided\. Check the API key \(TRAWL_LLM_API_KEY/),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('passes on the server message for an unknown model', async () => {
    server = await startOpenAiServer([{ status: 404, message: 'model "llama9" not found, try pulling it first' }]);
    const client = clientFor(server.baseUrl);
    await expect(client.completeJson({ system: 's', user: 'u', schema: { type: 'object' } })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringContaining('model "llama9" not found'),
    });
  });

  it('says the server cannot be reached when nothing listens', async () => {
    const port = await closedPort();
    const client = clientFor(`http://127.0.0.1:${port}/v1`);
    await expect(client.completeText({ system: 's', user: 'u' })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringContaining('Could not reach the model server'),
    });
  });

  it('rejects an invalid schema as a bad request before calling the server', async () => {
    server = await startOpenAiServer([]);
    const client = clientFor(server.baseUrl);
    await expect(client.completeJson({ system: 's', user: 'u', schema: { type: 'no-such-type' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('tests the connection for the settings screen', async () => {
    server = await startOpenAiServer([{ content: 'OK', model: 'llama3.2:3b' }, { status: 401, message: 'bad key' }]);
    const client = clientFor(server.baseUrl);
    expect(await client.testConnection()).toEqual({ ok: true, model: 'llama3.2:3b' });
    const failed = await client.testConnection();
    expect(failed.ok).toBe(false);
    expect(failed.error).toContain('HTTP 401');
  });
});
