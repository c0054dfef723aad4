import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../support/start-engine.js';

let server: Server;
let origin: string;
let engine: TestEngine;

// An app shell whose data answer sends its headers at once and its body only later: the page
// renders after `res.json()` resolves, well after the request looked "answered".
const SHELL = `<!doctype html><html><head><title>Tide table</title></head><body><div id="root"></div>
<script>fetch('/data').then((r) => r.json()).then((d) => {
  document.getElementById('root').innerHTML = '<main><h1>' + d.title + '</h1><p>' + d.text + '</p></main>';
});</script></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/data') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      setTimeout(() => res.end(JSON.stringify({ title: 'Tide table', text: 'High water at Port Wenlow is at 06:42 and again at 19:05 today.' })), 600);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(SHELL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine?.close();
  await new Promise((r) => server.close(r));
});

it('renders content that appears only after a slow data body has been read', async () => {
  const response = await engine.request('POST', '/v2/scrape', { body: { url: `${origin}/`, formats: ['markdown'], maxAge: 0 } });
  expect(response.status).toBe(200);
  expect(response.body.data.markdown).toContain('High water at Port Wenlow is at 06:42');
}, 60_000);
