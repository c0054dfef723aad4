import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EngineHost, type UtilityProcessLike } from '../../src-main/engine-host.js';
import type { EngineStartOptions, FromEngineMessage, ToEngineMessage } from '../../src-main/engine-messages.js';
import type { JobEvent } from '../../src-main/progress.js';

/** A stand-in for Electron's UtilityProcess; `reply` plays the engine process's side. */
class FakeUtilityProcess extends EventEmitter implements UtilityProcessLike {
  readonly received: ToEngineMessage[] = [];
  killed = false;
  onMessage: (message: ToEngineMessage) => void = () => undefined;
  postMessage(message: ToEngineMessage): void {
    this.received.push(message);
    queueMicrotask(() => this.onMessage(message));
  }
  reply(message: FromEngineMessage): void {
    this.emit('message', message);
  }
  kill(): boolean {
    this.killed = true;
    queueMicrotask(() => this.emit('exit', 15));
    return true;
  }
}

const options: EngineStartOptions = { dataDir: '/data', preferredPort: 3002, browser: 'auto', appExecutable: '/app/trawl', appArgs: [] };
const ready: FromEngineMessage = { type: 'ready', url: 'http://127.0.0.1:3002', port: 3002, apiKey: 'k'.repeat(32), dataDir: '/data', browser: "Electron's Chromium" };

describe('engine host', () => {
  it('forks the engine process, sends the start options and resolves when the API is ready', async () => {
    const child = new FakeUtilityProcess();
    child.onMessage = (message) => message.type === 'start' && child.reply(ready);
    const forks: string[] = [];
    const host = await EngineHost.start((path, _args, { serviceName }) => (forks.push(`${path}|${serviceName}`), child), '/app/out/main/index.js', options);
    expect(forks).toEqual(['/app/out/main/index.js|Trawl Engine']);
    expect(child.received[0]).toEqual({ type: 'start', options });
    expect(host).toMatchObject({ url: 'http://127.0.0.1:3002', port: 3002, dataDir: '/data', browser: "Electron's Chromium" });
  });

  it('forwards job events and browser fallbacks', async () => {
    const child = new FakeUtilityProcess();
    child.onMessage = (message) => message.type === 'start' && child.reply(ready);
    const jobs: JobEvent[] = [];
    const fallbacks: string[] = [];
    await EngineHost.start(() => child, 'entry', options, { job: (event) => jobs.push(event), browserFallback: (from) => fallbacks.push(from) });
    const event: JobEvent = { type: 'job.updated', job: { id: 'j', kind: 'crawl', status: 'scraping', total: 10, completed: 3, failed: 0, url: 'https://example.com', createdAt: new Date().toISOString() } };
    child.reply({ type: 'job', event });
    child.reply({ type: 'browser-fallback', from: "Electron's Chromium", reason: 'exited' });
    expect(jobs).toEqual([event]);
    expect(fallbacks).toEqual(["Electron's Chromium"]);
  });

  it('rejects when the engine fails to start or exits first', async () => {
    const failing = new FakeUtilityProcess();
    failing.onMessage = () => failing.reply({ type: 'failed', message: 'disk full' });
    await expect(EngineHost.start(() => failing, 'entry', options)).rejects.toThrow(/disk full/);
    const dying = new FakeUtilityProcess();
    dying.onMessage = () => dying.emit('exit', 1);
    await expect(EngineHost.start(() => dying, 'entry', options)).rejects.toThrow(/exited \(1\)/);
  });

  it('asks the engine to close on quit and waits for it, without reporting a crash', async () => {
    const child = new FakeUtilityProcess();
    let crashes = 0;
    child.onMessage = (message) => {
      if (message.type === 'start') child.reply(ready);
      if (message.type === 'shutdown') setTimeout(() => (child.reply({ type: 'closed' }), child.emit('exit', 0)), 20);
    };
    const host = await EngineHost.start(() => child, 'entry', options, { unexpectedExit: () => crashes++ });
    await host.stop();
    expect(child.received.map((m) => m.type)).toEqual(['start', 'shutdown']);
    expect(child.killed).toBe(false);
    expect(crashes).toBe(0);
  });

  it('kills an engine that does not close in time, and reports an unexpected exit', async () => {
    const child = new FakeUtilityProcess();
    const crashes: number[] = [];
    child.onMessage = (message) => message.type === 'start' && child.reply(ready);
    const host = await EngineHost.start(() => child, 'entry', options, { unexpectedExit: (code) => crashes.push(code) });
    child.emit('exit', 9);
    expect(crashes).toEqual([9]);
    await host.stop(50);
    expect(child.killed).toBe(true);
  });
});
