import { afterEach, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src-engine/llm/chat-client.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../fixtures/openai-server.js';

const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' } },
  required: ['name', 'price'],
};

let server: OpenAiTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientFor(baseUrl: string, extra: { apiKey?: string; timeoutMs?: number } = {}) {
  const client = createLlmClient({ baseUrl, model: 'test-model', timeoutMs: extra.timeoutMs ?? 10_000, maxInputChars: 10_000, apiKey: extra.apiKey });
  if (!client) throw new Error('client expected');
  return client;
}

describe('LLM client structured output', () => {
  it('is not created without a base URL and a model', () => {
    expect(createLlmClient({ timeoutMs: 1000, maxInputChars: 1000 })).toBeUndefined();
    expect(createLlmClient({ baseUrl: 'http://127.0.0.1:1/v1', timeoutMs: 1000, maxInputChars: 1000 })).toBeUndefined();
    expect(createLlmClient({ model: 'm', timeoutMs: 1000, maxInputChars: 1000 })).toBeUndefined();
  });

  it('asks for json_schema structured output and returns the validated answer', async () => {
    server = await startOpenAiServer([{ json: { name: 'Widget', price: 9.5 } }]);
    const client = clientFor(server.baseUrl, { apiKey: 'sk-test' });
    const answer = await client.completeJson({ system: 'Extract.', user: 'A page', schema });
    expect(answer).toEqual({ name: 'Widget', price: 9.5 });

    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('test-model');
    expect(request!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'extraction', schema, strict: false },
    });
    expect(request!.body.messages).toEqual([
      { role: 'system', content: 'Extract.' },
      { role: 'user', content: 'A page' },
    ]);
    expect(client.outputMode).toBe('json_schema');
  });

  it('falls back to json_object with the schema in the prompt when the server refuses json_schema, and remembers it', async () => {
    server = await startOpenAiServer([
      { status: 400, message: "response_format type 'json_schema' is not supported by this model" },
      { json: { name: 'Widget', price: 3 } },
      { json: { name: 'Gadget', price: 4 } },
    ]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'Extract.', user: 'A page', schema })).toEqual({ name: 'Widget', price: 3 });
    expect(server.requests[1]!.body.response_format).toEqual({ type: 'json_object' });
    expect(server.requests[1]!.body.messages[0].content).toContain(JSON.stringify(schema));
    expect(client.outputMode).toBe('json_object');

    expect(await client.completeJson({ system: 'Extract.', user: 'Another page', schema })).toEqual({ name: 'Gadget', price: 4 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('falls back to a plain prompt and reads fenced JSON when the server refuses both JSON modes', async () => {
    server = await startOpenAiServer([
      { status: 400, message: 'json_schema not supported' },
      { status: 422, message: 'Unsupported response_format json_object' },
      { content: 'Here you go:\n```json\n{"name": "Lamp", "price": 12}\n```' },
    ]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'Extract.', user: 'A page', schema })).toEqual({ name: 'Lamp', price: 12 });
    expect(server.requests[2]!.body.response_format).toBeUndefined();
    expect(client.outputMode).toBe('prompt');
  });

  it('repairs an answer that does not match the schema once', async () => {
    server = await startOpenAiServer([{ json: { name: 'Widget', price: 'nine' } }, { json: { name: 'Widget', price: 9 } }]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'Extract.', user: 'A page', schema })).toEqual({ name: 'Widget', price: 9 });

    const repair = server.requests[1]!.body.messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: 'assistant', content: JSON.stringify({ name: 'Widget', price: 'nine' }) });
    expect(repair[3].content).toMatch(/does not match the schema: \/price must be number/);
  });

  it('fails with LLM_ERROR when the repaired answer is still invalid', async () => {
    server = await startOpenAiServer([{ content: 'not json at all' }, { json: { name: 'Widget' } }]);
    const client = clientFor(server.baseUrl);
    await expect(client.completeJson({ system: 'Extract.', user: 'A page', schema })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringMatching(/after one repair attempt: it does not match the schema: \(root\) must have required property 'price'/),
    });
  });

  it('wraps a non-object root schema for the server and unwraps the answer', async () => {
    const listSchema = { type: 'array', items: { type: 'string' } };
    server = await startOpenAiServer([{ json: { data: ['a', 'b'] } }]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'List.', user: 'A page', schema: listSchema })).toEqual(['a', 'b']);
    expect(server.requests[0]!.body.response_format.json_schema.schema).toMatchObject({ type: 'object', properties: { data: listSchema } });
  });

  it('asks for a JSON object without a schema in json_object mode', async () => {
    server = await startOpenAiServer([{ json: { topic: 'cats' } }]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'Describe.', user: 'A page' })).toEqual({ topic: 'cats' });
    expect(server.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(client.outputMode).toBe('json_schema');
  });

  it('keeps json_schema for schema requests when only json_object was refused', async () => {
    server = await startOpenAiServer([
      { status: 400, message: "'response_format.type' must be 'json_schema' or 'text'" },
      { content: '{"topic": "cats"}' },
      { json: { name: 'Widget', price: 1 } },
    ]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeJson({ system: 'Describe.', user: 'A page' })).toEqual({ topic: 'cats' });
    expect(await client.completeJson({ system: 'Extract.', user: 'A page', schema })).toEqual({ name: 'Widget', price: 1 });
    expect(server.requests[2]!.body.response_format.type).toBe('json_schema');
  });

  it('completes text and strips a reasoning block', async () => {
    server = await startOpenAiServer([{ content: '<think>hmm</think>\nA short summary.' }]);
    const client = clientFor(server.baseUrl);
    expect(await client.completeText({ system: 'Summarize.', user: 'Text' })).toBe('A short summary.');
    expect(server.requests[0]!.body.response_format).toBeUndefined();
  });
});
