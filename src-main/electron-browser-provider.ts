import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { BrowserProvider } from '../src-engine/browser/provider.js';
import { browserHelperArgs, helperPageUrl, parseDevToolsEndpoint, parseReply, type HelperCommand, type HelperPageOptions, type HelperReply } from './helper-protocol.js';

export interface ElectronBrowserProviderOptions {
  /** The app's own executable (`process.execPath` of the main process). */
  executablePath: string;
  /** Arguments that precede the helper flags: the app folder when not packaged, else none. */
  appArgs: readonly string[];
  /** How long the helper may take to print its DevTools endpoint. */
  startTimeoutMs?: number;
  /** The helper (and its debugging port) is stopped after this long without open pages. */
  idleMs?: number;
}

type Command = HelperCommand extends infer C ? (C extends HelperCommand ? Omit<C, 'id'> : never) : never;

/**
 * Electron's own Chromium for the engine. On demand it starts a second instance of the app
 * binary as a windowless browser helper with DevTools on a random loopback port and a
 * throwaway profile, attaches Playwright with `connectOverCDP`, and stops it again when no
 * browser work has run for `idleMs`, so the port exists only while pages are being rendered.
 *
 * Playwright cannot create pages or contexts in Electron; the returned Browser therefore
 * implements `newContext()` itself: each context is an in-memory session partition in the
 * helper, and `newPage()` asks the helper for a hidden window in that partition and takes it
 * up as a Playwright page.
 */
export class ElectronBrowserProvider implements BrowserProvider {
  readonly description = "Electron's Chromium";
  readonly #options: Required<ElectronBrowserProviderOptions>;
  #helper: Promise<Helper> | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #openPartitions = 0;

  constructor(options: ElectronBrowserProviderOptions) {
    this.#options = { startTimeoutMs: 20_000, idleMs: 60_000, ...options };
  }

  available(): boolean {
    return existsSync(this.#options.executablePath);
  }

  async acquire(): Promise<Browser> {
    let helper = this.#helper ? await this.#helper.catch(() => undefined) : undefined;
    if (!helper || !helper.browser.isConnected()) {
      const starting = startHelper(this.#options);
      this.#helper = starting;
      starting.catch(() => {
        if (this.#helper === starting) this.#helper = undefined;
      });
      helper = await starting;
      helper.browser.on('disconnected', () => void this.#stop(helper!));
    }
    this.#armIdleTimer();
    return partitionedBrowser(helper, {
      opened: () => {
        this.#openPartitions++;
        clearTimeout(this.#idleTimer);
      },
      closed: () => {
        this.#openPartitions = Math.max(0, this.#openPartitions - 1);
        this.#armIdleTimer();
      },
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const helper = await this.#helper?.catch(() => undefined);
    if (helper) await this.#stop(helper);
  }

  #armIdleTimer(): void {
    clearTimeout(this.#idleTimer);
    if (this.#openPartitions > 0) return;
    this.#idleTimer = setTimeout(() => void this.close(), this.#options.idleMs);
    this.#idleTimer.unref();
  }

  async #stop(helper: Helper): Promise<void> {
    if (this.#helper && (await this.#helper.catch(() => undefined)) === helper) this.#helper = undefined;
    this.#openPartitions = 0;
    await helper.stop();
  }
}

interface Helper {
  browser: Browser;
  send(command: Command): Promise<void>;
  stop(): Promise<void>;
}

async function startHelper(options: Required<ElectronBrowserProviderOptions>): Promise<Helper> {
  const profile = await mkdtemp(join(tmpdir(), 'trawl-browser-'));
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  let child: ChildProcess;
  try {
    child = spawn(options.executablePath, browserHelperArgs(options.appArgs, profile), { stdio: ['pipe', 'pipe', 'pipe'], env, windowsHide: true });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const removeProfile = (): Promise<void> => rm(profile, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  child.once('exit', () => void removeProfile());
  try {
    const endpoint = await waitForEndpoint(child, options.startTimeoutMs);
    const browser = await chromium.connectOverCDP(endpoint, { timeout: options.startTimeoutMs });
    return helperHandle(child, browser);
  } catch (error) {
    child.kill();
    throw error;
  }
}

function waitForEndpoint(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    const fail = (error: Error): void => {
      clearTimeout(timer);
      lines.close();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error('The browser helper did not open its DevTools endpoint in time')), timeoutMs);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`The browser helper exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      const endpoint = parseDevToolsEndpoint(line);
      if (!endpoint) return;
      clearTimeout(timer);
      child.removeListener('error', fail);
      resolve(endpoint);
    });
  });
}

function helperHandle(child: ChildProcess, browser: Browser): Helper {
  const pending = new Map<number, (reply: HelperReply) => void>();
  let nextId = 1;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const reply = parseReply(line);
    if (reply) pending.get(reply.id)?.(reply);
  });
  child.once('exit', () => {
    for (const settle of pending.values()) settle({ id: 0, ok: false, error: 'The browser helper exited' });
    pending.clear();
  });
  const send = (command: Command): Promise<void> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) => {
        pending.delete(id);
        if (reply.ok) resolve();
        else reject(new Error(reply.error));
      });
      child.stdin!.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    await browser.close().catch(() => undefined);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    const timer = setTimeout(() => child.kill(), 3000);
    await exited;
    clearTimeout(timer);
  };
  return { browser, send, stop };
}

interface PartitionEvents {
  opened(): void;
  closed(): void;
}

/** Wraps the CDP browser so that contexts and pages are created through the helper. */
function partitionedBrowser(helper: Helper, events: PartitionEvents): Browser {
  const newContext = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => partitionContext(helper, options, events);
  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close());
    return page;
  };
  return new Proxy(helper.browser, {
    get(target, property) {
      if (property === 'newContext') return newContext;
      if (property === 'newPage') return newPage;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function partitionContext(helper: Helper, options: BrowserContextOptions, events: PartitionEvents): BrowserContext {
  const shared = helper.browser.contexts()[0];
  if (!shared) throw new Error('The browser helper exposes no browser context');
  const partition = `trawl-${randomUUID()}`;
  const pages = new Set<Page>();
  let closed = false;
  events.opened();
  const pageOptions: HelperPageOptions = {
    userAgent: options.userAgent,
    javaScriptEnabled: options.javaScriptEnabled,
    width: options.viewport?.width,
    height: options.viewport?.height,
  };
  const newPage = async (): Promise<Page> => {
    if (closed) throw new Error('The browser context is closed');
    const token = randomUUID();
    await helper.send({ op: 'open', partition, token, page: pageOptions });
    const page = await findPage(shared, helperPageUrl(token));
    if (options.viewport) await page.setViewportSize(options.viewport);
    if (options.extraHTTPHeaders) await page.setExtraHTTPHeaders(options.extraHTTPHeaders);
    pages.add(page);
    page.once('close', () => pages.delete(page));
    return page;
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    pages.clear();
    await helper.send({ op: 'close-partition', partition }).catch(() => undefined);
    events.closed();
  };
  return new Proxy(shared, {
    get(target, property) {
      if (property === 'newPage') return newPage;
      if (property === 'pages') return () => [...pages];
      if (property === 'close') return close;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function findPage(context: BrowserContext, url: string, timeoutMs = 10_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = context.pages().find((candidate) => candidate.url() === url);
    if (page) return page;
    if (Date.now() > deadline) throw new Error('The hidden window did not appear as a page');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
